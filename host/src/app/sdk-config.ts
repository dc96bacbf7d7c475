// The sign-in client's settings (spec section 3 "Session configuration"): fixed client id from
// runtime config, redirect to the home path, auto refresh and auto fetch of user info on.
import type { FusionAuthProviderConfig } from '@fusionauth/react-sdk';
import { ACCESS_TOKEN_EXPIRY_COOKIE, AUTO_REFRESH_SECONDS_BEFORE_EXPIRY, SIGNED_OUT_ANCHOR } from '@portal/shared/constants';
import type { RuntimeConfig } from '@portal/shared/runtime-config';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { lostRefreshRace, readAccessTokenExpiry, rearmAutoRefresh } from '../session/refresh-race';

export function sdkConfigFor(config: RuntimeConfig, origin = window.location.origin): FusionAuthProviderConfig {
  return {
    serverUrl: config.auth.serverUrl || origin,
    clientId: config.auth.clientId,
    redirectUri: `${origin}/`,
    postLogoutRedirectUri: `${origin}/#${SIGNED_OUT_ANCHOR}`,
    scope: 'openid offline_access',
    shouldAutoRefresh: true,
    shouldAutoFetchUserInfo: true,
    autoRefreshSecondsBeforeExpiry: AUTO_REFRESH_SECONDS_BEFORE_EXPIRY,
    accessTokenExpireCookieName: ACCESS_TOKEN_EXPIRY_COOKIE,
    onAutoRefreshFailure: (error) => {
      // Another tab renewed the shared session first: carry on with its cookies.
      if (lostRefreshRace(Date.now(), readAccessTokenExpiry()) && rearmAutoRefresh()) return;
      // Offline the server cannot be asked, to refresh or to sign out: the user keeps reading the
      // offline copy, and the next online load refreshes or signs in again.
      if (navigator.onLine === false) {
        console.warn('The session could not be refreshed offline; it will be on the next online load.');
        return;
      }
      console.error('Refreshing the session failed; signing out.', error);
      useHostActions.getState().signOut();
    },
  };
}
