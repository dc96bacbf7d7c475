// Picks the route table for the current routing state (spec section 2) and registers the host's
// sign-out with the remotes. While the login status is being fetched, nothing renders.
import { useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { setUnauthorisedHandler } from '@portal/shared/api/client';
import { registerHostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { deriveRoutingState } from '../session/routing-state';
import { clearLocalSession } from '../session/sign-out';
import { routesFor } from './routes';

export function PortalRouter() {
  const { isLoggedIn, isFetchingUserInfo, userInfo, error, startLogout } = useFusionAuth();
  const isSignedUp = useSignUpStore((state) => state.isSignedUp);

  useEffect(() => {
    const signOut = () => {
      clearLocalSession();
      startLogout();
    };
    setUnauthorisedHandler(signOut);
    return registerHostActions({ signOut });
  }, [startLogout]);

  useEffect(() => {
    useSessionStore.getState().setUserInfo(userInfo ?? null);
  }, [userInfo]);

  const state = deriveRoutingState({
    isLoggedIn,
    isFetchingUserInfo,
    hasUserInfo: userInfo !== null,
    hasUserInfoError: error !== null,
    isSignedUp,
  });

  // A new state gets a new router, which starts at the address the browser is at.
  const router = useMemo(() => (state === 'fetching' ? null : createBrowserRouter(routesFor(state))), [state]);
  if (!router) return null;
  // The key remounts the provider: a RouterProvider handed a new router keeps the old router's
  // state, and would match the new table's routes by the old table's route ids.
  return <RouterProvider key={state} router={router} />;
}
