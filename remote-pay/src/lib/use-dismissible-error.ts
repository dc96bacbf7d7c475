// decisions.md: a failure the spec only logs is also told to the user in a dismissible message.
// The message shows for each new failure until the user dismisses it.
import { useCallback, useState } from 'react';

export function useDismissibleError(error: unknown): { showError: boolean; dismissError: () => void } {
  const [dismissed, setDismissed] = useState<unknown>(undefined);
  const dismissError = useCallback(() => setDismissed(() => error), [error]);
  return { showError: error !== undefined && error !== null && error !== dismissed, dismissError };
}
