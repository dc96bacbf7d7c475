// Finalize (spec section 4): success sets hasInfo and shows the success screen; an answer shorter
// than FINALIZE_MIN_RESPONSE_LENGTH or any error resets the link and goes to '/', where the account
// picker shows why (decisions.md: tell the user) in one message: what happened, the tries left
// before the record locks, and the next step. A 401/403 signs out (the API client does that).
import { useCallback, useState } from 'react';
import { useNavigate } from '@portal/shared/router';
import { getApiErrorFacts, isCancelledRequest, isSignOutFailure } from '@portal/shared/api/client';
import { identityCheckNotice } from '@portal/shared/api/user-message';
import { FINALIZE_MIN_RESPONSE_LENGTH } from '@portal/shared/constants';
import { toDobPayload } from '@portal/shared/format';
import type { DateParts } from '@portal/shared/format';
import { paths } from '@portal/shared/paths';
import { forgetLink, getSession, getSignUpProgress, markInformationConfirmed, reloadAuthorisedUser } from '@portal/shared/contract';
import { flashState } from '@portal/shared/flash-notice';
import type { FlashNotice } from '@portal/shared/flash-notice';
import { usePageMutation } from '../common/use-page-mutation';
import { finalizeLink } from './api';

export type ConfirmAccountForm = { NINumber: string; bankAccount: string; dob: DateParts };

const FINALIZE_FAILED_TITLE = 'We could not confirm your information';
const LINK_AGAIN = 'To try again, link your account to your employer again.';
/** The next step of every notice that asks the user to link again. */
const LINK_AGAIN_ACTION = { label: 'Link your account again', to: paths.setupLink.getHref() };

export function useFinalize() {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);

  const fail = useCallback(
    async (notice: FlashNotice) => {
      forgetLink();
      await navigate(paths.home.getHref(), { state: flashState(notice) });
    },
    [navigate],
  );

  const finalize = useCallback(
    async ({ form, externalEmploymentID, code }: { form: ConfirmAccountForm; externalEmploymentID: string; code: string }, signal: AbortSignal) => {
      try {
        const employmentsText = await finalizeLink(
          { userId: getSession().userId },
          {
            NINumber: form.NINumber.trim().toUpperCase(),
            bankAccount: form.bankAccount.trim(),
            dob: toDobPayload(form.dob),
            externalEmploymentID,
            code,
          },
          signal,
        );
        if (employmentsText.length < FINALIZE_MIN_RESPONSE_LENGTH) {
          console.error('Finalize answered without employments.', employmentsText);
          await fail({
            title: FINALIZE_FAILED_TITLE,
            text: `Your employer’s records did not return your employment. ${LINK_AGAIN}`,
            action: LINK_AGAIN_ACTION,
          });
          return;
        }
        markInformationConfirmed();
        setDone(true);
        // The host reloads the authorised user, so the account picker lists the new employment.
        void reloadAuthorisedUser();
      } catch (failure) {
        if (isCancelledRequest(failure)) return;
        console.error('Finalizing the link failed.', failure);
        if (isSignOutFailure(failure)) {
          forgetLink();
          return;
        }
        const facts = getApiErrorFacts(failure);
        const { linkAgain, ...notice } = identityCheckNotice(facts.status, facts.serverText, facts.triesLeft);
        await fail(linkAgain ? { ...notice, action: LINK_AGAIN_ACTION } : notice);
      }
    },
    [fail],
  );
  const { run, pending: submitting } = usePageMutation(finalize);

  const submit = useCallback(
    async (form: ConfirmAccountForm) => {
      const { externalEmploymentID, code } = getSignUpProgress();
      if (!externalEmploymentID || !code) {
        await fail({ title: FINALIZE_FAILED_TITLE, text: `Your link to your employer has expired. ${LINK_AGAIN}`, action: LINK_AGAIN_ACTION });
        return;
      }
      await run({ form, externalEmploymentID, code });
    },
    [fail, run],
  );

  return { submit, submitting, done };
}
