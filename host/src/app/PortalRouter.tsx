// Picks the route table for the current routing state (spec section 2) and registers the host's
// sign-out with the remotes (and for 401 answers). While the login status is being fetched, nothing renders.
import { useDeferredValue, useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from '@portal/shared/router';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { setUnauthorisedHandler } from '@portal/shared/api/client';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { registerHostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { DEFAULT_USER_ID } from '@portal/shared/constants';
import { heldPageRoles } from '@portal/shared/pages';
import { useOffline } from '../offline/use-offline';
import { deriveRoutingState } from '../session/routing-state';
import { setRefreshRearm } from '../session/refresh-race';
import { signOutOnce } from '../session/server-sign-out';
import { routesFor } from './routes';
import { sdkConfigFor } from './sdk-config';

export function PortalRouter() {
  const { isLoggedIn, isFetchingUserInfo, userInfo, error, initAutoRefresh, fetchUserInfo } = useFusionAuth();
  const isSignedUp = useSignUpStore((state) => state.isSignedUp);
  // Someone signed in here and never signed out (sign-out clears the user id), and there is no network.
  const hasReturningUser = useSessionStore((state) => state.userId !== DEFAULT_USER_ID);
  const offline = useOffline();
  const isReturningOffline = !isLoggedIn && offline && hasReturningUser;

  useEffect(() => {
    // The SDK fetches user info only for a live session; offline the worker answers from its copy.
    if (isReturningOffline) void fetchUserInfo();
  }, [isReturningOffline, fetchUserInfo]);

  useEffect(() => {
    setRefreshRearm(initAutoRefresh);
    return () => setRefreshRearm(null);
  }, [initAutoRefresh]);

  useEffect(() => {
    // The SDK's startLogout() is a GET navigation; the server ends sessions on POST only.
    // `to` (the contract's signOut(path)) is where the browser goes after: only a path of the portal's own
    // origin, a slash then a word character (never another site, nor '//host' or '/\\host'); anything else (an error, as text) leaves the landing page.
    const signOut = (to?: unknown) => {
      const { serverUrl, clientId, postLogoutRedirectUri } = sdkConfigFor(getRuntimeConfig());
      const chosen = /^\/\w/.test(to as string);
      const path = chosen ? (to as string) : (postLogoutRedirectUri ?? '/');
      void signOutOnce({ serverUrl, clientId, postLogoutRedirectUri: path }, chosen);
    };
    setUnauthorisedHandler(signOut);
    return registerHostActions({ signOut });
  }, []);

  useEffect(() => {
    useSessionStore.getState().setUserInfo(userInfo ?? null);
  }, [userInfo]);

  const state = deriveRoutingState({
    isLoggedIn,
    isFetchingUserInfo,
    hasUserInfo: userInfo !== null,
    hasUserInfoError: error !== null,
    isSignedUp,
    isReturningOffline,
  });

  // The first state after 'fetching' (the sign-in client's first answer) renders the router's first
  // screen, the largest render of a visit: a deferred value, so React renders it time-sliced (it
  // yields every 5 ms) rather than in one long task (less blocking time on Home). Every later
  // change of state shows at once, as before.
  const deferredState = useDeferredValue(state);
  const shownState = deferredState === 'fetching' ? deferredState : state;

  // Pages kept for a role (the employer console's) are routed only for an account holding it: the
  // roles that count, as text, so a fresh user info with the same roles keeps the router.
  const roleKey = heldPageRoles(userInfo?.roles).join(' ');

  // A new state (or set of roles) gets a new router, which starts at the address the browser is at.
  const router = useMemo(
    () => (shownState === 'fetching' ? null : createBrowserRouter(routesFor(shownState, heldPageRoles(roleKey.split(' '))))),
    [shownState, roleKey],
  );
  if (!router) return null;
  // The key remounts the provider: a RouterProvider handed a new router keeps the old router's
  // state, and would match the new table's routes by the old table's route ids.
  return <RouterProvider key={`${shownState} ${roleKey}`} router={router} />;
}
