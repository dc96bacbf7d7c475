// Confirm your information (/setup/confirm-account): NI number, last 4 bank digits and date of
// birth are checked against the linked record; then a success screen with 'Continue'.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate } from '@portal/shared/router';
import { BANK_ACCOUNT_DIGITS } from '@portal/shared/constants';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { confirmTexts } from './messages';
import type { DateParts } from '@portal/shared/format';
import { paths } from '@portal/shared/paths';
import { getSignUpProgress } from '@portal/shared/contract';
import { DateOfBirthInput } from '@portal/shared/ui/DateOfBirthInput';
import type { DateOfBirthPart } from '@portal/shared/ui/DateOfBirthInput';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import type { SummaryError } from '@portal/shared/ui/ErrorSummary';
import { BackLink } from '@portal/shared/ui/BackLink';
import { NiNumberTooltip } from '@portal/shared/ui/NiNumberTooltip';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { useFinalize } from './use-finalize';
import '../common/onboarding.css';
import './confirm-account.css';

const t = confirmTexts.t;

const DOB_IDS = { day: 'day', month: 'month', year: 'year' } as const;
const DOB_PARTS: readonly DateOfBirthPart[] = ['day', 'month', 'year'];

type Problems = { bankAccount?: string; dob?: string; dobParts: DateOfBirthPart[] };
const NO_PROBLEMS: Problems = { dobParts: [] };

/** What is still empty among the fields submit needs (the NI number is not one of them). */
function problemsForSubmit(bankAccount: string, dob: DateParts): Problems {
  const dobParts = DOB_PARTS.filter((part) => !dob[part]);
  return {
    bankAccount: bankAccount ? undefined : t('enterBankAccount'),
    dob: dobParts.length > 0 ? t('enterDateOfBirth') : undefined,
    dobParts,
  };
}

/** The summary's entries, in the order of the fields; the date links to its first empty box. */
function summaryOf(problems: Problems): SummaryError[] {
  const errors: SummaryError[] = [];
  if (problems.bankAccount) errors.push({ fieldId: 'bankAccount', message: problems.bankAccount });
  if (problems.dob) errors.push({ fieldId: DOB_IDS[problems.dobParts[0] ?? 'day'], message: problems.dob });
  return errors;
}

function SuccessScreen() {
  return (
    <section className="onb-page onb-confirm">
      <PageHeading>{t('success')}</PageHeading>
      <p className="onb-lead">{t('next')}</p>
      <Link to={paths.setupSelectCompany.getHref()} className="ui-button ui-button--primary">
        {t('continue')}
      </Link>
    </section>
  );
}

export default function ConfirmAccountPage() {
  // Only the state on opening decides the redirect: a reset after a failed submit must not.
  const [linkedOnOpen] = useState(() => getSignUpProgress().isLinked);
  const [NINumber, setNINumber] = useState('');
  const [bankAccount, setBankAccount] = useState('');
  const [dob, setDob] = useState<DateParts>({ day: '', month: '', year: '' });
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [attempt, setAttempt] = useState(0);
  const { submit, submitting, done } = useFinalize();
  const tooltipId = useId();
  const bankErrorId = useId();

  if (!linkedOnOpen) return <Navigate to={paths.signUp.getHref()} replace />;
  if (done) return <SuccessScreen />;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Submit does nothing unless bank account, day, month and year are filled; it says what is missing.
    const found = problemsForSubmit(bankAccount, dob);
    setProblems(found);
    if (summaryOf(found).length > 0) return setAttempt((n) => n + 1);
    if (submitting) return;
    void submit({ NINumber, bankAccount, dob });
  };

  return (
    <section className="onb-page onb-confirm">
      <PageHeading>{t('heading')}</PageHeading>
      <p className="onb-lead">{t('lead')}</p>
      <ErrorSummary errors={summaryOf(problems)} attempt={attempt} />
      <form onSubmit={handleSubmit} noValidate>
        <div className="onb-field">
          <span className="onb-confirm__label-row">
            <label htmlFor="NINumber" className="onb-field__label">
              {t('niNumber')}
            </label>
            <NiNumberTooltip id={tooltipId} />
          </span>
          <input
            id="NINumber"
            name="NINumber"
            className="onb-input onb-confirm__ni"
            type="text"
            autoComplete="off"
            spellCheck={false}
            aria-required="true"
            aria-describedby={tooltipId}
            value={NINumber}
            onChange={(event) => setNINumber(event.target.value.toUpperCase())}
          />
        </div>
        <div className="onb-field">
          <label htmlFor="bankAccount" className="onb-field__label">
            {t('bankAccount')}
          </label>
          {problems.bankAccount ? (
            <p id={bankErrorId} className="onb-error-text">
              <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
              {problems.bankAccount}
            </p>
          ) : null}
          <input
            id="bankAccount"
            name="bankAccount"
            className="onb-input onb-confirm__bank"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={BANK_ACCOUNT_DIGITS}
            aria-required="true"
            aria-invalid={problems.bankAccount ? true : undefined}
            aria-describedby={problems.bankAccount ? bankErrorId : undefined}
            value={bankAccount}
            onChange={(event) => setBankAccount(event.target.value.replace(/\D/g, '').slice(0, BANK_ACCOUNT_DIGITS))}
          />
        </div>
        <DateOfBirthInput
          value={dob}
          onChange={setDob}
          ids={DOB_IDS}
          required
          hint={formPartsTexts.t('dateOfBirthHint')}
          error={problems.dob}
          invalidParts={problems.dobParts}
        />
        <div className="onb-actions">
          <button type="submit" className="ui-button ui-button--primary" disabled={submitting}>
            {t('confirm')}
          </button>
          {submitting && (
            <span role="status" className="onb-confirm__checking">
              {t('checking')}
            </span>
          )}
        </div>
      </form>
      <div className="onb-actions">
        <BackLink to={paths.home.getHref()}>{t('goBack')}</BackLink>
      </div>
    </section>
  );
}
