// Test helpers used by every app's screen tests.
import '@portal/shared/testing/polyfills';
import { render } from '@testing-library/react';
import type { RenderOptions, RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { resetApiClient, setUnauthorisedHandler } from '@portal/shared/api/client';
import { getPortalQueryClient, PortalQueryProvider } from '@portal/shared/react/query-client';
import { setRuntimeConfig } from '@portal/shared/runtime-config';
import type { RuntimeConfig } from '@portal/shared/runtime-config';
import { useAccountStore } from '@portal/shared/stores/account';
import { resetHostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';

export type RenderWithProvidersOptions = {
  /** The URL the memory router starts at. Default '/'. */
  route?: string;
  /** The route path that renders `ui` (e.g. '/payslips/:id'). Default '*'. */
  path?: string;
  /** Other routes, e.g. `{ path: '/setup', element: <p>Setup page</p> }` to assert navigation. */
  routes?: RouteObject[];
} & Omit<RenderOptions, 'wrapper' | 'queries'>;

export type RenderWithProvidersResult = RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  user: ReturnType<typeof userEvent.setup>;
};

/**
 * Renders `ui` inside the portal's QueryClient and a memory router at `route`; returns Testing
 * Library's result, the router and a user.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', routes = [], ...renderOptions }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [route] });
  const user = userEvent.setup();
  const result = render(
    <PortalQueryProvider>
      <RouterProvider router={router} />
    </PortalQueryProvider>,
    renderOptions,
  );
  return { ...result, router, user };
}

/**
 * Resets the session, sign-up, account and host-action stores, the query cache, the API client
 * hooks and local storage.
 */
export function resetStores(): void {
  getPortalQueryClient().clear();
  useSessionStore.getState().clearSession();
  useSessionStore.setState({ lastChoice: null });
  useSignUpStore.getState().resetSignUp();
  useAccountStore.getState().clearAccount();
  resetHostActions();
  setUnauthorisedHandler(null);
  resetApiClient();
  localStorage.clear();
}

export const testRuntimeConfig: RuntimeConfig = Object.freeze({
  remotes: {
    onboarding: 'http://localhost:3001/remoteEntry.js',
    pay: 'http://localhost:3002/remoteEntry.js',
    documents: 'http://localhost:3003/remoteEntry.js',
    profile: 'http://localhost:3004/remoteEntry.js',
    employer: 'http://localhost:3005/remoteEntry.js',
  },
  auth: { serverUrl: 'http://localhost:8080', clientId: 'test-client-id' },
  apiBaseUrl: '',
  authorisationHeader: null,
  support: { phone: '0808 157 0192', email: 'support@example.com' },
  pages: {},
  languages: ['en' as const],
});

export type RuntimeConfigOverrides = {
  remotes?: Partial<RuntimeConfig['remotes']>;
  auth?: Partial<RuntimeConfig['auth']>;
  apiBaseUrl?: string;
  authorisationHeader?: string | null;
  support?: Partial<RuntimeConfig['support']>;
  pages?: RuntimeConfig['pages'];
  languages?: RuntimeConfig['languages'];
};

/** Sets a complete runtime config for tests (apiBaseUrl ''), with any overrides merged in. */
export function setTestRuntimeConfig(overrides: RuntimeConfigOverrides = {}): RuntimeConfig {
  const config: RuntimeConfig = {
    remotes: { ...testRuntimeConfig.remotes, ...overrides.remotes },
    auth: { ...testRuntimeConfig.auth, ...overrides.auth },
    apiBaseUrl: overrides.apiBaseUrl ?? testRuntimeConfig.apiBaseUrl,
    authorisationHeader: overrides.authorisationHeader !== undefined ? overrides.authorisationHeader : testRuntimeConfig.authorisationHeader,
    support: { ...testRuntimeConfig.support, ...overrides.support },
    pages: overrides.pages ?? testRuntimeConfig.pages,
    languages: overrides.languages ?? testRuntimeConfig.languages,
  };
  setRuntimeConfig(config);
  return config;
}
