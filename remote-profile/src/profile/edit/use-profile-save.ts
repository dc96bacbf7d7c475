// Runs one save of an edit screen: at most one request at a time, cancelled if the screen closes,
// and a message for the user when it fails (the form keeps what was typed).
import { useCallback, useState } from 'react';
import { getApiErrorMessage, isCancelledRequest } from '@portal/shared/api/client';
import type { IdentityUser } from '@portal/shared/api/types';
import { useExclusiveRequest } from '@portal/shared/react/use-exclusive-request';
import { plainSaveError } from './save-error-message';

export const SAVE_FAILED_TITLE = 'Your changes were not saved';
export const SAVE_FAILED_FALLBACK = 'Something went wrong while saving. Please try again.';

export type SaveRequest = (signal: AbortSignal) => Promise<IdentityUser>;

export function useProfileSave(onSaved: (user: IdentityUser) => void) {
  const { run, pending: saving } = useExclusiveRequest();
  const [error, setError] = useState<string | null>(null);

  const save = useCallback(
    (request: SaveRequest) =>
      // A save already under way: this one is ignored.
      run(async (signal) => {
        setError(null);
        try {
          const user = await request(signal);
          if (!signal.aborted) onSaved(user);
        } catch (failure) {
          if (signal.aborted || isCancelledRequest(failure)) return;
          console.error('Saving the profile failed.', failure);
          setError(plainSaveError(getApiErrorMessage(failure, SAVE_FAILED_FALLBACK)));
        }
      }),
    [onSaved, run],
  );

  const clearError = useCallback(() => setError(null), []);
  return { save, saving, error, clearError };
}
