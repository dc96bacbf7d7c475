// A small stand-in for the host, so a remote's team can run its pages alone
// (`pnpm --filter remote-pay dev`). It loads the remote's own /config.json, shows a list of the
// remote's pages and mounts the chosen one in a browser router. Sign in on the same host name
// (the dev server proxies /app, /api and /account to the API), and the pages use the real session.
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { loadRuntimeConfig } from '@portal/shared/runtime-config';
import '@portal/shared/ui/ui.css';

export type HarnessPage = { path: string; label: string; Component: ComponentType };

function HarnessLayout({ title, pages }: { title: string; pages: HarnessPage[] }) {
  return (
    <div className="ui-harness">
      <header>
        <p>
          <strong>{title}</strong> standalone harness · <a href="/app/login/?client_id=portal-web&amp;redirect_uri=%2F">Sign in</a>
        </p>
        <nav aria-label="Pages of this remote">
          <ul>
            {pages.map((page) => (
              <li key={page.path}>
                <Link to={page.path.replace(':id', 'first')}>{page.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

export async function startRemoteHarness({ title, pages }: { title: string; pages: HarnessPage[] }) {
  await loadRuntimeConfig();
  const router = createBrowserRouter([
    {
      element: <HarnessLayout title={title} pages={pages} />,
      children: pages.map(({ path, Component }) => ({ path, element: <Component /> })),
    },
  ]);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(<RouterProvider router={router} />);
}
