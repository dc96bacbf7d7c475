// Loads the authenticated user after sign-in (GET /api/users/authorised), keeps its userID in
// the session store, and lets remotes ask for a reload through the host actions.
import { useCallback, useEffect, useRef, useState } from 'react';
import { getApiErrorMessage, isCancelledRequest, signOutOnAuthError } from '@portal/shared/api/client';
import type { AuthorisedUser } from '@portal/shared/api/types';
import { DEFAULT_USER_ID } from '@portal/shared/constants';
import { useAccountStore } from '@portal/shared/stores/account';
import { registerHostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { fetchAuthorisedUser } from './authorised-user-api';

/** Another account used this browser last: what it chose must not carry over. */
function forgetPreviousUser(userID: string) {
  const { userId, setEmploymentId } = useSessionStore.getState();
  if (userId !== DEFAULT_USER_ID && userId !== userID) {
    useSignUpStore.getState().resetSignUp();
    setEmploymentId(null);
  }
}

export function useAuthorisedUser(onLoaded?: (user: AuthorisedUser) => void | Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const user = await fetchAuthorisedUser(signal);
      forgetPreviousUser(user.userID);
      useSessionStore.getState().setUserId(user.userID);
      useAccountStore.getState().setAuthorisedUser(user);
      setError(null);
      await onLoadedRef.current?.(user);
    } catch (failure) {
      if (isCancelledRequest(failure) || signOutOnAuthError(failure)) return;
      console.error('Loading the signed-in user failed.', failure);
      setError(getApiErrorMessage(failure));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const unregister = registerHostActions({ reloadAuthorisedUser: () => load() });
    return () => {
      controller.abort();
      unregister();
    };
  }, [load]);

  return { error, retry: () => void load() };
}
