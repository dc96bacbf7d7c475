// The federated floor's host: reads the remote's remoteEntry.js from /config.json (preloaded by the
// page), registers it, loads its one exposed page and renders it through React Router. No API, no
// sign-in, no state: what is left is what federation itself costs.
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createBrowserRouter, RouterProvider } from '../../router';

/** /config.json: the remote's entry, written by the server that serves this page (e2e/bench/floor-server.ts). */
type FloorConfig = { remotes: { page: string } };

const REMOTE = 'floor_remote';

function Help() {
  return (
    <main>
      <h1>Help</h1>
    </main>
  );
}

async function boot(container: HTMLElement) {
  const config = (await (await fetch('/config.json')).json()) as FloorConfig;
  registerRemotes([{ name: REMOTE, entry: config.remotes.page }]);
  // The page is loaded before the first render (as the portal starts its first page's load at boot).
  const page = await loadRemote<{ default: ComponentType }>(`${REMOTE}/Page`);
  if (!page) throw new Error(`${REMOTE}/Page did not load`);
  const router = createBrowserRouter([
    { path: '/', element: <page.default /> },
    { path: '/help', element: <Help /> },
  ]);
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void boot(document.getElementById('root')!);
