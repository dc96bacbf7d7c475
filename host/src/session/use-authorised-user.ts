// Loads the authenticated user after sign-in (GET /api/users/authorised), keeps its userID in
// the session store, and lets remotes ask for a reload through the host actions.
import { useEffect, useEffectEvent, useState } from 'react';
import { getApiErrorMessage, isSilentFailure } from '@portal/shared/api/client';
import type { AuthorisedUser } from '@portal/shared/api/types';
import { DEFAULT_USER_ID } from '@portal/shared/constants';
import { useAccountStore } from '@portal/shared/stores/account';
import { registerHostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { keepOfflineDataFor } from '../offline/offline-data';
import { followAccountLanguage } from './account-language';
import { takeAuthorisedUser } from './early-authorised-user';

/** Another account used this browser last: what it chose must not carry over. */
function forgetPreviousUser(userID: string) {
  const { userId, setEmploymentId } = useSessionStore.getState();
  if (userId !== DEFAULT_USER_ID && userId !== userID) {
    useSignUpStore.getState().resetSignUp();
    setEmploymentId(null);
  }
}

/** Fetches the user and puts it in the stores. */
async function loadAuthorisedUser(signal?: AbortSignal): Promise<AuthorisedUser> {
  const user = await takeAuthorisedUser(signal);
  forgetPreviousUser(user.userID);
  useSessionStore.getState().setUserId(user.userID);
  useAccountStore.getState().setAuthorisedUser(user);
  followAccountLanguage(user.language);
  // Only now, with the server's word on who this is, may their answers be kept for offline use.
  await keepOfflineDataFor(user.userID);
  return user;
}

export function useAuthorisedUser(onLoaded?: (user: AuthorisedUser) => void | Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const handleLoaded = useEffectEvent(async (user: AuthorisedUser) => {
    setError(null);
    await onLoaded?.(user);
  });
  const handleFailure = useEffectEvent((failure: unknown) => {
    // A cancelled request, or a 401/403 that has signed the user out (the API client does).
    if (isSilentFailure(failure)) return;
    console.error('Loading the signed-in user failed.', failure);
    setError(getApiErrorMessage(failure));
  });

  useEffect(() => {
    const controller = new AbortController();
    loadAuthorisedUser(controller.signal).then(handleLoaded, handleFailure);
    return () => controller.abort();
  }, [attempt]);

  useEffect(() => registerHostActions({ reloadAuthorisedUser: () => loadAuthorisedUser().then(handleLoaded, handleFailure) }), []);

  return { error, retry: () => setAttempt((count) => count + 1) };
}
