import { FusionAuthProvider, type FusionAuthProviderConfig } from '@fusionauth/react-sdk';
import { AUTO_REFRESH_SECONDS_BEFORE_EXPIRY, ACCESS_TOKEN_EXPIRY_COOKIE } from '@portal/shared/constants';
import type { RuntimeConfig } from '@portal/shared/runtime-config';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { PortalRouter } from './PortalRouter';

/** The sign-in client's settings: fixed client id from config, redirect to the home path. */
export function sdkConfigFor(config: RuntimeConfig, origin = window.location.origin): FusionAuthProviderConfig {
  return {
    serverUrl: config.auth.serverUrl || origin,
    clientId: config.auth.clientId,
    redirectUri: `${origin}/`,
    postLogoutRedirectUri: `${origin}/`,
    scope: 'openid offline_access',
    shouldAutoRefresh: true,
    shouldAutoFetchUserInfo: true,
    autoRefreshSecondsBeforeExpiry: AUTO_REFRESH_SECONDS_BEFORE_EXPIRY,
    accessTokenExpireCookieName: ACCESS_TOKEN_EXPIRY_COOKIE,
    onAutoRefreshFailure: (error) => {
      console.error('Refreshing the session failed; signing out.', error);
      useHostActions.getState().signOut();
    },
  };
}

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <FusionAuthProvider {...sdkConfigFor(config)}>
      <PortalRouter />
    </FusionAuthProvider>
  );
}
