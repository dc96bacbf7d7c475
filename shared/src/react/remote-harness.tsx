// A small stand-in for the host, so a remote's team can run its pages alone
// (`pnpm --filter remote-pay dev`). It loads the remote's own /config.json, shows a list of the
// remote's pages (its page list, src/pages.ts, as the host routes them) and mounts the chosen one in a
// browser router. Sign in on the portal (same host
// name, so its cookies are sent here; the dev server proxies /app, /api and /account to the API)
// and the pages use the real session.
import { lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from '@portal/shared/router';
import { apiGet } from '@portal/shared/api/client';
import type { AuthorisedUser } from '@portal/shared/api/types';
import { SIGN_IN_PATHS } from '@portal/shared/constants';
import { PortalQueryProvider } from '@portal/shared/react/query-client';
import type { RemotePageList } from '@portal/shared/pages';
import { loadRuntimeConfig } from '@portal/shared/runtime-config';
import { useAccountStore } from '@portal/shared/stores/account';
import { registerHostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import '@portal/shared/ui/ui.css';

export type HarnessPage = { path: string; label: string; Component: ComponentType };

/** A module of the remote's src/exposed/ by its expose name ('./HomePage'). */
export type LoadExposed = (expose: string) => Promise<{ default: ComponentType }>;

/** One harness page per path of each page of the list (a signed-in path first, '*' left out), loaded on first use. */
export function harnessPages(pages: RemotePageList, loadExposed: LoadExposed): HarnessPage[] {
  return pages.flatMap((page) => {
    const Page = lazy(() => loadExposed(page.expose));
    const Component = () => (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
    const paths = [...new Set([...(page.paths.signedIn ?? []), ...(page.paths.signUpIncomplete ?? [])])].filter((path) => path !== '*');
    return paths.map((path) => ({ path, label: `${page.menu?.label ?? page.expose.slice(2)} (${path})`, Component }));
  });
}

function HarnessLayout({ title, pages }: { title: string; pages: HarnessPage[] }) {
  return (
    <div className="ui-harness">
      <header>
        <p>
          <strong>{title}</strong> standalone harness. Sign in on the portal at <a href="http://localhost:8080/">http://localhost:8080</a> first: its session
          cookies hold here too.
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

/**
 * Does what the host does after sign-in, so the pages see a real session: user info from
 * /app/me/, the authorised user, and (if none is chosen yet) the first active employment.
 * Signed out, the pages run with an empty session.
 */
async function loadHarnessSession(): Promise<void> {
  const me = await fetch(SIGN_IN_PATHS.me, { credentials: 'include' });
  if (!me.ok) return;
  const session = useSessionStore.getState();
  session.setUserInfo(await me.json());
  const [user] = (await apiGet<AuthorisedUser[]>('/api/users/authorised')).data ?? [];
  if (!user) return;
  session.setUserId(user.userID);
  useAccountStore.getState().setAuthorisedUser(user);
  const firstActive = user.employments.find((employment) => employment.active) ?? user.employments[0];
  if (!session.employmentId && firstActive) session.setEmploymentId(firstActive.ID);
}

export async function startRemoteHarness({ title, pages }: { title: string; pages: HarnessPage[] }) {
  await loadRuntimeConfig();
  await loadHarnessSession().catch((error: unknown) => console.warn('The harness is running without a session.', error));
  const router = createBrowserRouter([
    {
      element: <HarnessLayout title={title} pages={pages} />,
      children: pages.map(({ path, Component }) => ({ path, element: <Component /> })),
    },
  ]);
  // The host's actions that a harness can perform (signing out is the portal's).
  registerHostActions({
    reloadAuthorisedUser: loadHarnessSession,
    selectEmployment: async (employmentId) => {
      useSessionStore.getState().setEmploymentId(employmentId);
      useSignUpStore.getState().setSignedUp(true);
      await router.navigate(pages[0]?.path ?? '/');
    },
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <PortalQueryProvider>
      <RouterProvider router={router} />
    </PortalQueryProvider>,
  );
}
