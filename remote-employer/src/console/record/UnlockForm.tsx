// Unlocking a locked record: the admin confirms they checked the person's identity and says why
// (5 to 500 characters). Refused input shows GOV.UK-style errors and keeps what was typed.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import type { EmployeeRow } from '@portal/shared/api/employer-console';
import { UNLOCK_REASON_MAX_LENGTH, UNLOCK_REASON_MIN_LENGTH } from '@portal/shared/api/employer-console';
import { unlockRecord } from '../api';
import { ConsoleError } from '../components/ConsoleError';
import { ErrorSummary, type SummaryError } from '@portal/shared/ui/ErrorSummary';

type Errors = { checked?: string; reason?: string };

export function unlockErrors(checked: boolean, reason: string): Errors {
  const errors: Errors = {};
  if (!checked) errors.checked = 'Confirm that you have checked this person’s identity';
  const length = reason.trim().length;
  if (length === 0) errors.reason = 'Enter why you are unlocking this record';
  else if (length < UNLOCK_REASON_MIN_LENGTH) errors.reason = `The reason must be ${UNLOCK_REASON_MIN_LENGTH} characters or more`;
  else if (length > UNLOCK_REASON_MAX_LENGTH) errors.reason = `The reason must be ${UNLOCK_REASON_MAX_LENGTH} characters or fewer`;
  return errors;
}

export function UnlockForm({
  employerId,
  employee,
  onUnlocked,
  onCancel,
}: {
  employerId: string;
  employee: EmployeeRow;
  onUnlocked: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const checkedId = `${id}-checked`;
  const reasonId = `${id}-reason`;
  const [checked, setChecked] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const unlock = useMutation({
    mutationFn: () => unlockRecord(employerId, employee.id, { identityChecked: true, reason: reason.trim() }),
    onSuccess: onUnlocked,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (unlock.isPending) return;
    const found = unlockErrors(checked, reason);
    setErrors(found);
    if (found.checked || found.reason) {
      setAttempt((value) => value + 1);
      return;
    }
    unlock.mutate();
  };

  const summary: SummaryError[] = [
    ...(errors.checked ? [{ fieldId: checkedId, message: errors.checked }] : []),
    ...(errors.reason ? [{ fieldId: reasonId, message: errors.reason }] : []),
  ];

  return (
    <section className="employer-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Unlock {employee.name}’s record</h3>
      <ErrorSummary errors={summary} attempt={attempt} />
      {unlock.isError ? <ConsoleError title="The record was not unlocked" error={unlock.error} /> : null}
      <form noValidate onSubmit={submit} className="employer-form">
        <div className={errors.checked ? 'employer-field employer-field--error' : 'employer-field'}>
          {errors.checked ? (
            <p id={`${checkedId}-error`} className="employer-field__error">
              <span className="ui-visually-hidden">Error: </span>
              {errors.checked}
            </p>
          ) : null}
          <label className="employer-checkbox">
            <input
              id={checkedId}
              type="checkbox"
              checked={checked}
              aria-required="true"
              aria-invalid={errors.checked ? true : undefined}
              aria-describedby={errors.checked ? `${checkedId}-error` : undefined}
              onChange={(event) => setChecked(event.target.checked)}
            />{' '}
            I have checked this person’s identity
          </label>
        </div>
        <div className={errors.reason ? 'employer-field employer-field--error' : 'employer-field'}>
          <label htmlFor={reasonId} className="employer-field__label">
            Reason
          </label>
          <p id={`${reasonId}-hint`} className="employer-field__hint">
            Say how you checked who they are. Between {UNLOCK_REASON_MIN_LENGTH} and {UNLOCK_REASON_MAX_LENGTH} characters.
          </p>
          {errors.reason ? (
            <p id={`${reasonId}-error`} className="employer-field__error">
              <span className="ui-visually-hidden">Error: </span>
              {errors.reason}
            </p>
          ) : null}
          <textarea
            id={reasonId}
            className="employer-field__input ui-focus-ring"
            rows={4}
            value={reason}
            aria-required="true"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={[`${reasonId}-hint`, errors.reason ? `${reasonId}-error` : null].filter(Boolean).join(' ')}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="employer-invite__buttons">
          <button type="submit" className="ui-button ui-button--primary" aria-disabled={unlock.isPending || undefined}>
            {unlock.isPending ? 'Unlocking…' : 'Unlock record'}
          </button>
          <button type="button" className="ui-button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
