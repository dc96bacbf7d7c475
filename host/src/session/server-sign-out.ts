// Signing out: this device forgets the session, the server ends it (POST /app/logout/, so that no
// link or other site can sign anyone out, and a copied token stops working at once), and the
// browser goes to the signed-out page.
import { clearLocalSession } from './sign-out';

export type SignOutTarget = {
  /** The sign-in server (FusionAuth's hosted backend, or this portal's API). */
  serverUrl: string;
  clientId: string;
  /** Where the browser goes once signed out. */
  postLogoutRedirectUri: string;
};

/** What signing out does to the world: one request, one navigation (replaced in unit tests). */
export type SignOutEffects = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  navigate: (url: string) => void;
};

/** Longer than this, and the server is not waited for: the user is never left on a page that says signed in. */
export const SIGN_OUT_TIMEOUT_MS = 5000;

/**
 * Loads `url` afresh. From the page it names (Home is '/', the signed-out page '/#signed-out'),
 * assigning it would only move to the fragment and leave the signed-in app on screen: it reloads.
 */
export function loadPage(url: string, location: Pick<Location, 'href' | 'assign' | 'reload'> = window.location): void {
  const next = new URL(url, location.href);
  const current = new URL(location.href);
  const samePage = next.origin === current.origin && next.pathname === current.pathname && next.search === current.search;
  location.assign(url);
  if (samePage) location.reload();
}

const browser: SignOutEffects = {
  fetch: (url, init) => window.fetch(url, init),
  navigate: (url) => loadPage(url),
};

/** The server's own sign-out page: its form still works when the host's request did not. */
function serverSignOutPage(target: SignOutTarget): string {
  const query = new URLSearchParams({ client_id: target.clientId, post_logout_redirect_uri: target.postLogoutRedirectUri });
  return `${target.serverUrl}/app/logout/?${query.toString()}`;
}

/**
 * Clears this device's session, asks the server to end it, then navigates: to the post-logout
 * address when the server said yes, otherwise to the server's sign-out page (the session cookies
 * are HttpOnly: only the server can clear them, so the user must not be told they are signed out).
 */
export async function signOutOfPortal(target: SignOutTarget, effects: SignOutEffects = browser): Promise<void> {
  const forgettingOfflineData = clearLocalSession();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), SIGN_OUT_TIMEOUT_MS);
  let ended = false;
  try {
    const response = await effects.fetch(`${target.serverUrl}/app/logout/`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: target.clientId }),
      signal: timeout.signal,
    });
    ended = response.ok;
    if (!ended) console.error(`Signing out on the server answered ${response.status}.`);
  } catch (error) {
    console.error('Signing out on the server failed.', error);
  } finally {
    clearTimeout(timer);
  }
  await forgettingOfflineData;
  effects.navigate(ended ? target.postLogoutRedirectUri : serverSignOutPage(target));
}

/** The sign-out under way, if any. */
let underWay: SignOutTarget | null = null;

/**
 * Signs out once. A second sign-out while one is under way (a request answered 401 beside the
 * person's own, e.g. just after their account was closed) starts nothing: if it names where to go
 * (`chosen`), the one under way ends there instead; a default one never overrides a chosen page.
 */
export function signOutOnce(target: SignOutTarget, chosen: boolean, run: (target: SignOutTarget) => Promise<void> = signOutOfPortal): Promise<void> {
  if (underWay) {
    if (chosen) underWay.postLogoutRedirectUri = target.postLogoutRedirectUri;
    return Promise.resolve();
  }
  const current = { ...target };
  underWay = current;
  return run(current).finally(() => {
    if (underWay === current) underWay = null;
  });
}
