// The question about one line of a payslip: the payslip and the line as shown, the question (at most
// 1,000 characters, with a count of what is left), Send and Cancel. Refusals (empty, too long, the
// daily limit) show in the GOV.UK error summary, linked to the question; what was typed is kept.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Payslip } from '@portal/shared/api/types';
import { QUESTION_MAX_CHARS, QUESTIONS_PER_DAY } from '@portal/shared/api/payroll-questions';
import type { PayrollQuestion } from '@portal/shared/api/payroll-questions';
import { getApiErrorMessage, getApiErrorStatus } from '@portal/shared/api/client';
import { useRequestScope } from '@portal/shared/contract';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import { useMutation } from '@portal/shared/query';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { Notice } from '@portal/shared/ui/Notice';
import { askPayroll } from './api';
import type { AskedLine } from './AskPayrollButton';
import { askTexts } from './messages';

const t = askTexts.t;

export function questionError(question: string): string | null {
  const length = question.trim().length;
  if (length === 0) return t('enterQuestion');
  if (length > QUESTION_MAX_CHARS) return t('tooLong', { max: QUESTION_MAX_CHARS });
  return null;
}

/** The character count under the question, GOV.UK style. */
function remaining(length: number): string {
  const left = QUESTION_MAX_CHARS - length;
  return left >= 0 ? t('remaining', { count: left }) : t('tooMany', { count: -left });
}

export type AskFormProps = { payslip: Payslip; line: AskedLine; onSent: (question: PayrollQuestion) => void; onCancel: () => void };

export function AskForm({ payslip, line, onSent, onCancel }: AskFormProps) {
  const id = useId();
  const questionId = `${id}-question`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { userId } = useRequestScope();
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const send = useMutation({
    mutationFn: (text: string) => askPayroll({ userId }, payslip.ID, { lineName: line.lineName, linePence: line.linePence, question: text }),
    onSuccess: onSent,
    onError: (failure) => {
      if (getApiErrorStatus(failure) !== 429) return;
      setError(t('dailyLimit', { max: QUESTIONS_PER_DAY }));
      setAttempt((value) => value + 1);
    },
  });

  // Opening the form (or choosing another line) takes the reader to it.
  useEffect(() => headingRef.current?.focus(), [line.lineName, line.linePence]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = questionError(question);
    setError(found);
    if (found) {
      setAttempt((value) => value + 1);
      return;
    }
    send.mutate(question.trim());
  };

  const otherFailure = send.isError && getApiErrorStatus(send.error) !== 429;
  const described = [`${questionId}-hint`, error ? `${questionId}-error` : null, `${questionId}-count`].filter(Boolean).join(' ');

  return (
    <section className="pay-card pay-ask__form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="pay-card__heading">
        {t('formHeading', { line: line.lineName })}
      </h2>
      <ErrorSummary errors={error ? [{ fieldId: questionId, message: error }] : []} attempt={attempt} headingLevel={3} />
      {otherFailure ? (
        <Notice tone="error" title={t('notSent')}>
          {getApiErrorMessage(send.error)}
        </Notice>
      ) : null}
      <dl className="pay-ask__asked">
        <dt>{t('payslip')}</dt>
        <dd>{t('paid', { date: formatLongDate(payslip.payDate) })}</dd>
        <dt>{t('line')}</dt>
        <dd>
          {line.lineName}: {formatMoney(line.linePence / 100)}
        </dd>
      </dl>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
        <div className={error ? 'pay-ask__field pay-ask__field--error' : 'pay-ask__field'}>
          <label htmlFor={questionId} className="pay-ask__label">
            {t('yourQuestion')}
          </label>
          <p id={`${questionId}-hint`} className="pay-ask__hint">
            {t('hint', { max: QUESTION_MAX_CHARS })}
          </p>
          {error ? (
            <p id={`${questionId}-error`} className="pay-ask__error">
              <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
              {error}
            </p>
          ) : null}
          <textarea
            id={questionId}
            className="pay-ask__textarea ui-focus-ring"
            rows={5}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
          />
          <p id={`${questionId}-count`} className="pay-ask__count" aria-live="polite">
            {remaining(question.length)}
          </p>
        </div>
        <div className="pay-ask__buttons">
          <button type="submit" className="ui-button ui-button--primary" aria-disabled={send.isPending || undefined}>
            {send.isPending ? t('sending') : t('send')}
          </button>
          <button type="button" className="ui-button" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
