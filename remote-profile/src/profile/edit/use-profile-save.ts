// Runs one save of an edit screen: at most one request at a time, cancelled if the screen closes,
// and a message for the user when it fails (the form keeps what was typed).
import { useCallback, useEffect, useRef, useState } from 'react';
import { getApiErrorMessage, isCancelledRequest } from '@portal/shared/api/client';
import type { IdentityUser } from '@portal/shared/api/types';
import { plainSaveError } from './save-error-message';

export const SAVE_FAILED_TITLE = 'Your changes were not saved';
export const SAVE_FAILED_FALLBACK = 'Something went wrong while saving. Please try again.';

export type SaveRequest = (signal: AbortSignal) => Promise<IdentityUser>;

export function useProfileSave(onSaved: (user: IdentityUser) => void) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const save = useCallback(
    async (request: SaveRequest) => {
      if (controllerRef.current) return; // a save is already under way
      const controller = new AbortController();
      controllerRef.current = controller;
      setSaving(true);
      setError(null);
      try {
        const user = await request(controller.signal);
        if (!controller.signal.aborted) onSaved(user);
      } catch (failure) {
        if (controller.signal.aborted || isCancelledRequest(failure)) return;
        console.error('Saving the profile failed.', failure);
        setError(plainSaveError(getApiErrorMessage(failure, SAVE_FAILED_FALLBACK)));
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        if (!controller.signal.aborted) setSaving(false);
      }
    },
    [onSaved],
  );

  const clearError = useCallback(() => setError(null), []);
  return { save, saving, error, clearError };
}
