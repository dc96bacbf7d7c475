// Confirming a full code (spec section 4 "Linking flow"): success stores the link and goes to
// /setup; an answer without externalEmploymentID (or a wrong code) shows 'Incorrect code', with the
// tries the code has left when the server says.
import { useCallback, useState } from 'react';
import { useNavigate } from '@portal/shared/router';
import { getApiErrorFacts, getApiErrorMessage, isSilentFailure } from '@portal/shared/api/client';
import { incorrectCodeNotice } from '@portal/shared/api/user-message';
import type { UserNotice } from '@portal/shared/api/user-message';
import { paths } from '@portal/shared/paths';
import { getSession, recordLink } from '@portal/shared/contract';
import { usePageMutation } from '../common/use-page-mutation';
import { confirmLinkingCode } from './api';
import { linkTexts } from './messages';

/**
 * How a confirmation ended: linked; a wrong (or worn-out) code, so the boxes start again; another
 * failure, where what was typed stays; or nothing to say.
 */
export type ConfirmOutcome = 'linked' | 'wrong' | 'failed' | 'silent';

export function useConfirmCode() {
  const navigate = useNavigate();
  const [error, setError] = useState<UserNotice | null>(null);

  const confirmOnce = useCallback(
    async (code: string, signal: AbortSignal): Promise<ConfirmOutcome> => {
      setError(null);
      try {
        const externalEmploymentID = await confirmLinkingCode({ userId: getSession().userId }, code, signal);
        if (!externalEmploymentID) {
          setError(incorrectCodeNotice(null));
          return 'wrong';
        }
        recordLink({ externalEmploymentID, code });
        await navigate(paths.setup.getHref());
        return 'linked';
      } catch (failure) {
        // A cancelled request, or a 401/403 that has signed the user out: nothing to say.
        if (isSilentFailure(failure)) return 'silent';
        console.error('Confirming the linking code failed.', failure);
        const { status, triesLeft } = getApiErrorFacts(failure);
        if (status === 400 || status === 404) {
          setError(incorrectCodeNotice(triesLeft));
          return 'wrong';
        }
        // Too many tries, a locked or already linked record, no connection: in words for the user.
        setError({ title: linkTexts.t('checkFailed'), text: getApiErrorMessage(failure) });
        // The code has had its last wrong try: what was typed is of no more use.
        return triesLeft === 0 ? 'wrong' : 'failed';
      }
    },
    [navigate],
  );
  const { run, pending: confirming } = usePageMutation(confirmOnce);

  // A confirmation already under way: this one was not made.
  const confirm = useCallback(async (code: string): Promise<ConfirmOutcome> => (await run(code)) ?? 'silent', [run]);

  return { confirm, confirming, error, dismissError: () => setError(null) };
}
