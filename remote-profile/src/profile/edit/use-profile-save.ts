// Runs one save of an edit screen: at most one at a time, and a message for the user when it fails
// (the form keeps what was typed). The answer (the whole, updated user) goes into the cached
// profile; the screen hears of the success only while it is still open.
import { useMutation, useQueryClient } from '@portal/shared/query';
import { useCallback } from 'react';
import { getApiErrorMessage } from '@portal/shared/api/client';
import type { IdentityUser } from '@portal/shared/api/types';
import { useUserId } from '@portal/shared/contract';
import { identityUserQueryKey } from '../use-identity-user';
import { profileTexts } from '../messages';

/** The calls of one save; answers the updated identity user. */
export type SaveRequest = () => Promise<IdentityUser>;

export function useProfileSave(sub: string, onSaved: (user: IdentityUser) => void) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const mutation = useMutation({
    mutationFn: (request: SaveRequest) => request(),
    onSuccess: (user) => queryClient.setQueryData(identityUserQueryKey({ userId }, sub), user),
    meta: { errorMessage: 'Saving the profile failed.' },
  });
  const { mutate, isPending, reset } = mutation;

  const save = useCallback(
    (request: SaveRequest, onFailed?: (failure: unknown) => void) => {
      // A save already under way: this one is ignored.
      if (isPending) return;
      // Only the user: React Query passes more arguments, which onSaved must not take for its own.
      mutate(request, { onSuccess: (user) => onSaved(user), onError: (failure) => onFailed?.(failure) });
    },
    [isPending, mutate, onSaved],
  );

  const error = mutation.error ? getApiErrorMessage(mutation.error, profileTexts.t('saveFailed')) : null;
  return { save, saving: isPending, error, failure: mutation.error, clearError: reset };
}
