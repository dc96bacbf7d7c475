// After a reload (a phone switching to the mail app often reloads the tab), the link page comes
// back from what the server knows: whether a code is pending, how it was sent, and how long until
// another may be asked for (GET .../linking_code_request). Asked once the signed-in user is known,
// so a user id left in storage by another account is never used.
import { useEffect, useState } from 'react';
import { isSilentFailure } from '@portal/shared/api/client';
import type { LinkingCodeRequest } from '@portal/shared/api/types';
import { useAuthorisedUser } from '@portal/shared/contract';
import { fetchPendingCodeRequest } from './api';

/** Hands the server's pending request to `restore`; `checking` is true until it has answered (or failed). */
export function useRestoreCodeRequest(restore: (request: LinkingCodeRequest) => void): { checking: boolean } {
  const userId = useAuthorisedUser()?.userID ?? null;
  const [checkedFor, setCheckedFor] = useState<string | null>(null);

  useEffect(() => {
    if (userId === null) return undefined;
    const controller = new AbortController();
    fetchPendingCodeRequest({ userId }, controller.signal)
      .then(restore, (failure: unknown) => {
        // The page works without it: the user can ask for a code as if none was pending.
        if (!isSilentFailure(failure)) console.error('Reading the pending linking code failed.', failure);
      })
      .finally(() => {
        if (!controller.signal.aborted) setCheckedFor(userId);
      });
    return () => controller.abort();
  }, [userId, restore]);

  return { checking: userId === null || checkedFor !== userId };
}
