/**
 * @jest-environment-options {"url": "https://localhost/"}
 */
// The session cookies are `__Host-` prefixed, so Secure: jsdom keeps them only for an https page.
import { render, screen } from '@testing-library/react';
import { LandingContent } from '../pages/LandingContent';
import { PORTAL_PAGE_LISTS } from '../testing/portal-pages';
import { APP_QUERY_PARAMS, STATIC_LANDING_PATHS, staticLandingMarkup } from './static-landing';

// The page's own script, as the browser gets it (a plain file the build copies, not a module).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { boot, decideBoot } = require('./boot.js') as {
  boot: () => void;
  decideBoot: (visit: object) => { showLanding: boolean; loadApp: boolean };
};

const support = { phone: '0800 029 4123', email: 'support@payportal.example' };
const APP_SCRIPTS = '/main.0123456789.js';

/** index.html's body as the build writes it, then its boot script run at the address `at`. */
function loadPage(at: string) {
  window.history.replaceState(null, '', at);
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="root">${staticLandingMarkup(support)}</div>`;
  const tag = document.createElement('script');
  tag.setAttribute('data-app-scripts', APP_SCRIPTS);
  tag.setAttribute('data-runtime-config', '/config.json');
  document.body.append(tag);
  boot();
}

const PAY_ENTRY = 'http://localhost:3002/remoteEntry.js';
const DOCUMENTS_ENTRY = 'http://localhost:3003/remoteEntry.js';
const ONBOARDING_ENTRY = 'http://localhost:3001/remoteEntry.js';
/** The profile remote named by its manifest, as an older config does. */
const PROFILE_MANIFEST = 'http://localhost:3004/mf-manifest.json';

/** The page's fetches (config.json): answered with a runtime config naming each remote's entry, with the remotes' page lists. */
const fetchMock = jest.fn((url: string) =>
  Promise.resolve(
    new Response(
      JSON.stringify({
        remotes: { pay: PAY_ENTRY, documents: DOCUMENTS_ENTRY, onboarding: ONBOARDING_ENTRY, profile: PROFILE_MANIFEST },
        pages: PORTAL_PAGE_LISTS,
      }),
      { status: url === '/config.json' ? 200 : 404 },
    ),
  ),
);
beforeEach(() => {
  fetchMock.mockClear();
  window.fetch = fetchMock as unknown as typeof fetch;
});

/** The addresses the boot script fetched. */
const fetchesStarted = () => fetchMock.mock.calls.map(([url]) => url);

/** The script preloads the boot script added once the config arrived, by address. */
const scriptPreloadsAdded = async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  // (`as` is the property Chrome reflects as the attribute.)
  const links = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'));
  return links.filter((link) => link.as === 'script').map((link) => link.getAttribute('href'));
};

/** The app's entry scripts the boot script added, by address. */
const appScriptsAdded = () => Array.from(document.head.querySelectorAll('script'), (script) => script.getAttribute('src'));

const setExpiryCookie = (secondsFromNow: number) => {
  document.cookie = `__Host-app.at_exp=${Math.floor(Date.now() / 1000) + secondsFromNow}; path=/; secure`;
};

afterEach(() => {
  delete window.portalBootFetches;
  document.cookie = '__Host-app.at_exp=; path=/; secure; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('decideBoot: what a page load needs', () => {
  const visit = {
    signedIn: false,
    pathname: '/',
    search: '',
    online: true,
    landingPaths: STATIC_LANDING_PATHS,
    appParams: APP_QUERY_PARAMS,
  };

  test('signed out at the landing page: the built page alone, no app', () => {
    expect(decideBoot(visit)).toEqual({ showLanding: true, loadApp: false });
    expect(decideBoot({ ...visit, pathname: '/home' })).toEqual({ showLanding: true, loadApp: false });
  });

  test('a query the app has no use for (a campaign tag) changes nothing', () => {
    expect(decideBoot({ ...visit, search: '?utm_source=letter' })).toEqual({ showLanding: true, loadApp: false });
  });

  test('signed in: the app, and no landing page', () => {
    expect(decideBoot({ ...visit, signedIn: true })).toEqual({ showLanding: false, loadApp: true });
  });

  test('another address: the app routes it', () => {
    expect(decideBoot({ ...visit, pathname: '/login' })).toEqual({ showLanding: false, loadApp: true });
    expect(decideBoot({ ...visit, pathname: '/payslips' })).toEqual({ showLanding: false, loadApp: true });
  });

  test('the invite link: the landing page at once, and the app to keep the token', () => {
    expect(decideBoot({ ...visit, search: '?token=INVITE-2026-DEMO' })).toEqual({ showLanding: true, loadApp: true });
  });

  test('back from signing in (code, state): the app finishes it', () => {
    expect(decideBoot({ ...visit, search: '?state=abc' })).toEqual({ showLanding: true, loadApp: true });
    expect(decideBoot({ ...visit, search: '?code=xyz&state=abc' })).toEqual({ showLanding: true, loadApp: true });
  });

  test('offline: the app decides, as it may show what it kept', () => {
    expect(decideBoot({ ...visit, online: false })).toEqual({ showLanding: false, loadApp: true });
  });
});

test('the built page holds the landing page texts, as the app draws them', () => {
  document.body.innerHTML = staticLandingMarkup(support);
  const built = document.getElementById('static-landing')!.innerHTML;
  const { container } = render(<LandingContent support={support} />);
  expect(built).toBe(container.innerHTML);
});

test('signed out at / and /home, the landing page shows and no app script is added', async () => {
  for (const at of ['/', '/home']) {
    loadPage(at);
    expect(screen.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeVisible();
    expect(appScriptsAdded()).toEqual([]);
    expect(fetchesStarted()).toEqual([]);
    expect(await scriptPreloadsAdded()).toEqual([]);
  }
});

test('with the invite token, the landing page shows and the app scripts are added, in order, not async', () => {
  loadPage('/?token=INVITE-2026-DEMO');
  expect(screen.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  expect(appScriptsAdded()).toEqual(['/main.0123456789.js']);
  expect(document.head.querySelector('script')!.async).toBe(false);
  // The runtime config starts before the scripts, once: the app's loadRuntimeConfig takes this fetch.
  expect(fetchesStarted()).toEqual(['/config.json']);
  expect(window.portalBootFetches).toEqual({ '/config.json': expect.any(Promise) });
});

test('signed out, no remote entry is preloaded: the first page is the landing page or sign-in', async () => {
  loadPage('/?token=INVITE-2026-DEMO');
  expect(await scriptPreloadsAdded()).toEqual([]);
  loadPage('/payslips/42');
  expect(await scriptPreloadsAdded()).toEqual([]);
});

test('an expired session counts as signed out', () => {
  setExpiryCookie(-60);
  loadPage('/');
  expect(screen.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  expect(appScriptsAdded()).toEqual([]);
});

test('signed in, or at another address, the landing page stays hidden and the app loads', () => {
  setExpiryCookie(600);
  loadPage('/');
  expect(screen.queryByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeNull();
  expect(appScriptsAdded()).toEqual(['/main.0123456789.js']);

  document.cookie = '__Host-app.at_exp=; path=/; secure; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  loadPage('/payslips');
  expect(screen.queryByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeNull();
  expect(appScriptsAdded()).toEqual(['/main.0123456789.js']);
});

test("signed in, the remote whose page list names the address's fixed path is preloaded", async () => {
  setExpiryCookie(600);
  for (const at of ['/', '/P60', '/setup', '/setup/link', '/payslips/compare']) {
    loadPage(at);
    expect(await scriptPreloadsAdded()).toEqual([at === '/' || at === '/payslips/compare' ? PAY_ENTRY : at === '/P60' ? DOCUMENTS_ENTRY : ONBOARDING_ENTRY]);
  }
});

test('signed in, a path with a parameter, one no remote serves (support, a redirect) or a part of one: no preload', async () => {
  setExpiryCookie(600);
  for (const at of ['/payslips/2026-03', '/support', '/home', '/setup/lin', '/link']) {
    loadPage(at);
    expect(await scriptPreloadsAdded()).toEqual([]);
  }
});

test("signed in, the first route's remote entry is preloaded as the runtime loads it (no crossorigin), once config.json arrives", async () => {
  setExpiryCookie(600);
  loadPage('/');
  expect(await scriptPreloadsAdded()).toEqual([PAY_ENTRY]);
  expect(document.head.querySelector('link[rel="preload"]')!.hasAttribute('crossorigin')).toBe(false);
  // One request for the config: the app reads the same response, whole.
  expect(fetchesStarted()).toEqual(['/config.json']);
  const response = await window.portalBootFetches!['/config.json'];
  await expect(response!.json()).resolves.toMatchObject({ remotes: { pay: PAY_ENTRY } });
});

test('signed in, an address no remote serves, or a config naming a manifest: no script preload', async () => {
  setExpiryCookie(600);
  loadPage('/support');
  expect(await scriptPreloadsAdded()).toEqual([]);
  loadPage('/profile');
  expect(await scriptPreloadsAdded()).toEqual([]);
});
