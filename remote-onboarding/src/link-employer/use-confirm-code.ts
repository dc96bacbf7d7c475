// Confirming a full code (spec section 4 "Linking flow"): success stores the link and goes to
// /setup; an answer without externalEmploymentID (or a wrong code) shows 'Incorrect code'.
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getApiErrorMessage, getApiErrorStatus, isSilentFailure } from '@portal/shared/api/client';
import { paths } from '@portal/shared/paths';
import { useExclusiveRequest } from '@portal/shared/react/use-exclusive-request';
import { getSession, recordLink } from '@portal/shared/contract';
import type { FlashNotice } from '@portal/shared/flash-notice';
import { confirmLinkingCode } from './api';

const INCORRECT_CODE: FlashNotice = { title: 'Incorrect code', text: 'Please enter a correct linking code.' };
const CONFIRM_FAILED_TITLE = 'We could not check your code';

export function useConfirmCode() {
  const navigate = useNavigate();
  const { run, pending: confirming } = useExclusiveRequest();
  const [error, setError] = useState<FlashNotice | null>(null);

  const confirm = useCallback(
    (code: string) =>
      run(async (signal) => {
        setError(null);
        try {
          const externalEmploymentID = await confirmLinkingCode({ userId: getSession().userId }, code, signal);
          if (!externalEmploymentID) {
            setError(INCORRECT_CODE);
            return;
          }
          recordLink({ externalEmploymentID, code });
          await navigate(paths.setup.getHref());
        } catch (failure) {
          // A cancelled request, or a 401/403 that has signed the user out: nothing to say.
          if (isSilentFailure(failure)) return;
          console.error('Confirming the linking code failed.', failure);
          const status = getApiErrorStatus(failure);
          if (status === 400 || status === 404) setError(INCORRECT_CODE);
          // Too many tries, a locked or already linked record: the server's message, as it is.
          else setError({ title: CONFIRM_FAILED_TITLE, text: getApiErrorMessage(failure) });
        }
      }),
    [navigate, run],
  );

  return { confirm, confirming, error, dismissError: () => setError(null) };
}
