// Finalize (spec section 4): success sets hasInfo and shows the success screen; an answer shorter
// than FINALIZE_MIN_RESPONSE_LENGTH or any error resets the link and goes to '/', where the account
// picker shows why (decisions.md: tell the user) in one message: what happened, the tries left
// before the record locks, and where to try again: the link page, with the code already sent (it
// still works after a wrong answer) or a new one. A 401/403 signs out (the API client does that).
import { useCallback, useState } from 'react';
import { useNavigate } from '@portal/shared/router';
import { getApiErrorFacts, isCancelledRequest, isSignOutFailure } from '@portal/shared/api/client';
import { identityCheckNotice, tryAgainWithYourCode } from '@portal/shared/api/user-message';
import type { IdentityCheckNextStep } from '@portal/shared/api/user-message';
import { FINALIZE_MIN_RESPONSE_LENGTH } from '@portal/shared/constants';
import { toDobPayload } from '@portal/shared/format';
import type { DateParts } from '@portal/shared/format';
import { paths } from '@portal/shared/paths';
import { forgetLink, getSession, getSignUpProgress, markInformationConfirmed, reloadAuthorisedUser } from '@portal/shared/contract';
import { flashState } from '@portal/shared/flash-notice';
import { refreshUserData } from '@portal/shared/react/portal-query';
import type { FlashNotice } from '@portal/shared/flash-notice';
import { usePageMutation } from '../common/use-page-mutation';
import { finalizeLink } from './api';
import { confirmTexts } from './messages';

export type ConfirmAccountForm = { NINumber: string; bankAccount: string; dob: DateParts };

const t = confirmTexts.t;
const tryAgain = () => `${tryAgainWithYourCode()}.`;
/** The notice's next step, on the link page. */
const nextStep = (step: Exclude<IdentityCheckNextStep, null>) =>
  step === 'enter-code-again' ? { label: t('enterCodeAgain'), to: paths.setupLink.getHref() } : { label: t('askForNewCode'), to: paths.setupLink.getHref() };

function withNextStep(notice: FlashNotice, step: IdentityCheckNextStep): FlashNotice {
  return step ? { ...notice, action: nextStep(step) } : notice;
}

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
            title: t('failedTitle'),
            text: t('noRecord', { tryAgain: tryAgain() }),
            action: nextStep('enter-code-again'),
          });
          return;
        }
        markInformationConfirmed();
        setDone(true);
        // The host reloads the authorised user, so the account picker lists the new employment;
        // answers cached before (the profile, without the NI number just proven) are asked again.
        void reloadAuthorisedUser();
        void refreshUserData({ userId: getSession().userId });
      } catch (failure) {
        if (isCancelledRequest(failure)) return;
        console.error('Finalizing the link failed.', failure);
        if (isSignOutFailure(failure)) {
          forgetLink();
          return;
        }
        const { nextStep: step, ...notice } = identityCheckNotice(getApiErrorFacts(failure));
        await fail(withNextStep(notice, step));
      }
    },
    [fail],
  );
  const { run, pending: submitting } = usePageMutation(finalize);

  const submit = useCallback(
    async (form: ConfirmAccountForm) => {
      const { externalEmploymentID, code } = getSignUpProgress();
      if (!externalEmploymentID || !code) {
        await fail({ title: t('failedTitle'), text: t('expired', { tryAgain: tryAgain() }), action: nextStep('enter-code-again') });
        return;
      }
      await run({ form, externalEmploymentID, code });
    },
    [fail, run],
  );

  return { submit, submitting, done };
}
