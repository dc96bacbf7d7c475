import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { resetStores } from '@portal/shared/testing/render';
import { SIGN_OUT_TIMEOUT_MS, loadPage, signOutOfPortal, signOutOnce } from './server-sign-out';
import type { SignOutEffects } from './server-sign-out';

const target = { serverUrl: 'http://localhost:8080', clientId: 'portal-web', postLogoutRedirectUri: 'http://localhost:8080/' };
const SIGN_OUT_PAGE = 'http://localhost:8080/app/logout/?client_id=portal-web&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A8080%2F';

function effects(answer: SignOutEffects['fetch']) {
  return { fetch: jest.fn(answer), navigate: jest.fn<void, [string]>() };
}

beforeEach(() => {
  resetStores();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  useSessionStore.getState().setEmploymentId('e1');
  useSignUpStore.getState().setSignedUp(true);
});

describe('signOutOfPortal', () => {
  it('forgets the session here, then asks the server to end it with a JSON POST, then goes to the signed-out page', async () => {
    const fx = effects(async () => {
      // This device has already forgotten the session when the request goes out.
      expect(useSessionStore.getState().employmentId).toBeNull();
      expect(useSignUpStore.getState().isSignedUp).toBe(false);
      return new Response(null, { status: 204 });
    });
    await signOutOfPortal(target, fx);
    expect(fx.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fx.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost:8080/app/logout/');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: 'portal-web' }),
    });
    expect(fx.navigate).toHaveBeenCalledWith('http://localhost:8080/');
  });

  it.each([
    ['the server refuses', async () => new Response('{"status":403,"error":"no"}', { status: 403 })],
    ['the server has no such route (a real FusionAuth)', async () => new Response('', { status: 404 })],
    ['the network fails', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('goes to the server’s sign-out page when %s: only the server can clear the session cookies', async (_name, answer) => {
    const fx = effects(answer);
    await signOutOfPortal(target, fx);
    expect(fx.navigate).toHaveBeenCalledWith(SIGN_OUT_PAGE);
    expect(useSessionStore.getState().employmentId).toBeNull();
  });

  it('does not wait for a server that never answers', async () => {
    jest.useFakeTimers();
    try {
      const fx = effects(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      );
      const done = signOutOfPortal(target, fx);
      expect(fx.navigate).not.toHaveBeenCalled();
      jest.advanceTimersByTime(SIGN_OUT_TIMEOUT_MS);
      await done;
      expect(fx.navigate).toHaveBeenCalledWith(SIGN_OUT_PAGE);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('loadPage', () => {
  function browserAt(href: string) {
    return { href, assign: jest.fn<void, [string | URL]>(), reload: jest.fn<void, []>() };
  }

  it.each([
    ['Home at /', 'http://localhost:8080/'],
    ['the signed-out page itself', 'http://localhost:8080/#signed-out'],
  ])('reloads from %s, where going to /#signed-out would only move to the fragment', (_name, href) => {
    const location = browserAt(href);
    loadPage('http://localhost:8080/#signed-out', location);
    expect(location.assign).toHaveBeenCalledWith('http://localhost:8080/#signed-out');
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('only navigates from another page', () => {
    const location = browserAt('http://localhost:8080/setup');
    loadPage('http://localhost:8080/#signed-out', location);
    expect(location.assign).toHaveBeenCalledWith('http://localhost:8080/#signed-out');
    expect(location.reload).not.toHaveBeenCalled();
  });
});

describe('signOutOnce', () => {
  /** A server that answers when told to, as a slow one would. */
  function slowServer() {
    let answer!: () => void;
    const fx = effects(() => new Promise<Response>((resolve) => (answer = () => resolve(new Response(null, { status: 204 })))));
    return { fx, answer: () => answer() };
  }

  it('signs out once: a 401 beside the person’s own sign-out starts no second one, and the page they were sent to wins', async () => {
    const { fx, answer } = slowServer();
    const run = (current: typeof target) => signOutOfPortal(current, fx);
    const closing = signOutOnce({ ...target, postLogoutRedirectUri: '/account/closed' }, true, run);
    // A request answered 401 just after the account was closed: the default sign-out.
    await signOutOnce(target, false, run);
    answer();
    await closing;
    expect(fx.fetch).toHaveBeenCalledTimes(1);
    expect(fx.navigate).toHaveBeenCalledWith('/account/closed');
  });

  it('lets a chosen page correct a default sign-out already under way', async () => {
    const { fx, answer } = slowServer();
    const run = (current: typeof target) => signOutOfPortal(current, fx);
    const expired = signOutOnce(target, false, run);
    await signOutOnce({ ...target, postLogoutRedirectUri: '/account/closed' }, true, run);
    answer();
    await expired;
    expect(fx.fetch).toHaveBeenCalledTimes(1);
    expect(fx.navigate).toHaveBeenCalledWith('/account/closed');
  });
});
