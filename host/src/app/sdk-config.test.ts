/**
 * @jest-environment-options {"url": "https://localhost/"}
 */
// The session cookies are `__Host-` prefixed, so Secure: jsdom keeps them only for an https page.
import { useHostActions } from '@portal/shared/stores/host-actions';
import { resetStores, testRuntimeConfig } from '@portal/shared/testing/render';
import { setRefreshRearm } from '../session/refresh-race';
import { sdkConfigFor } from './sdk-config';

describe('the sign-in client settings', () => {
  beforeEach(() => resetStores());

  it('come from runtime config, redirect to the home path, and refresh and fetch user info by themselves', () => {
    const config = sdkConfigFor(testRuntimeConfig, 'https://portal.example');
    expect(config).toMatchObject({
      serverUrl: 'http://localhost:8080',
      clientId: 'test-client-id',
      redirectUri: 'https://portal.example/',
      // Every sign-out ends on the landing page saying so.
      postLogoutRedirectUri: 'https://portal.example/#signed-out',
      shouldAutoRefresh: true,
      shouldAutoFetchUserInfo: true,
      autoRefreshSecondsBeforeExpiry: 10,
      accessTokenExpireCookieName: '__Host-app.at_exp',
    });
  });

  it('use the page origin when no sign-in server is configured', () => {
    const config = sdkConfigFor({ ...testRuntimeConfig, auth: { serverUrl: '', clientId: 'c' } }, 'https://portal.example');
    expect(config.serverUrl).toBe('https://portal.example');
  });

  it('sign the user out when an automatic refresh fails', () => {
    const signOut = jest.fn();
    useHostActions.setState({ signOut });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    sdkConfigFor(testRuntimeConfig).onAutoRefreshFailure?.(new Error('400: refresh token spent'));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('do not sign out when another tab renewed the session first, but schedule the next refresh', () => {
    const signOut = jest.fn();
    const initAutoRefresh = jest.fn();
    useHostActions.setState({ signOut });
    setRefreshRearm(initAutoRefresh);
    document.cookie = `__Host-app.at_exp=${Math.floor(Date.now() / 1000) + 900}; path=/; secure`;
    try {
      sdkConfigFor(testRuntimeConfig).onAutoRefreshFailure?.(new Error('400: refresh token spent'));
      expect(signOut).not.toHaveBeenCalled();
      expect(initAutoRefresh).toHaveBeenCalledTimes(1);
    } finally {
      document.cookie = '__Host-app.at_exp=; max-age=0; path=/; secure';
      setRefreshRearm(null);
    }
  });

  it('do not sign out when a refresh fails offline (the offline copy stays readable)', () => {
    const signOut = jest.fn();
    useHostActions.setState({ signOut });
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    sdkConfigFor(testRuntimeConfig).onAutoRefreshFailure?.(new Error('Failed to fetch'));
    expect(signOut).not.toHaveBeenCalled();
  });
});
