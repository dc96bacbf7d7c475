// Settings' password change: the current password, the new one and the new one again, each with
// 'Show password'. Empty fields and a confirmation that differs are caught here; the API checks the
// rest (the current password under the sign-in limits, the new one's length and whether it is one of
// the most common) and its refusal is shown on its field. Every error is also listed in a summary
// above the form, which takes focus. A change ends every other session of the account; this one stays.
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import { useUserId } from '@portal/shared/contract';
import { getApiErrorMessage } from '@portal/shared/api/client';
import type { PasswordChange } from '@portal/shared/api/types';
import { Notice } from '@portal/shared/ui/Notice';
import { changePassword, refusedField } from './api';
import type { PasswordField } from './api';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import { PasswordInput } from './PasswordInput';
import { settingsTexts } from '../messages';
import './password-settings.css';

const t = settingsTexts.t;

const FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };
const NOTHING_SHOWN: Record<PasswordField, boolean> = { currentPassword: false, newPassword: false, confirmPassword: false };

type FieldErrors = Partial<Record<PasswordField, string>>;

/** What this form can tell before asking the API. */
export function formErrors(values: PasswordChange): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.currentPassword) errors.currentPassword = t('enterCurrentPassword');
  if (!values.newPassword) errors.newPassword = t('enterNewPassword');
  if (!values.confirmPassword) errors.confirmPassword = t('enterNewPasswordAgain');
  else if (values.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = t('passwordsDiffer');
  return errors;
}

export function PasswordSettings() {
  const userId = useUserId();
  const base = useId();
  const ids: Record<PasswordField, string> = { currentPassword: `${base}-current`, newPassword: `${base}-new`, confirmPassword: `${base}-confirm` };
  const headingId = `${base}-heading`;
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [shown, setShown] = useState(NOTHING_SHOWN);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);

  const refuse = (found: FieldErrors) => {
    setErrors(found);
    setAttempt((n) => n + 1);
  };

  const mutation = useMutation({
    mutationFn: (change: PasswordChange) => changePassword({ userId }, change),
    onSuccess: () => {
      setValues(EMPTY);
      setErrors({});
      setChanged(true);
    },
    onError: (error) => {
      const refusal = refusedField(error);
      if (refusal) refuse({ [refusal.field]: refusal.message });
      else setFailure(getApiErrorMessage(error, t('passwordFailed')));
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    // A password shown as text is hidden again before it is sent, as on the sign-in pages.
    setShown(NOTHING_SHOWN);
    setChanged(false);
    setFailure(null);
    const found = formErrors(values);
    if (Object.keys(found).length > 0) return refuse(found);
    setErrors({});
    sending.current = true;
    mutation.mutate(values);
  };

  const set = (field: PasswordField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const show = (field: PasswordField) => (visible: boolean) => setShown((current) => ({ ...current, [field]: visible }));
  const summary = FIELDS.filter((field) => errors[field]).map((field) => ({ fieldId: ids[field], message: errors[field]! }));

  return (
    <section className="profile-settings__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-settings__section-heading">
        {t('passwordHeading')}
      </h2>
      <p className="password-settings__text">{t('passwordText')}</p>
      <ErrorSummary errors={summary} attempt={attempt} headingLevel={3} />
      {changed ? (
        <Notice tone="success" title={t('passwordChanged')} onDismiss={() => setChanged(false)}>
          {t('signedOutElsewhere')}
        </Notice>
      ) : null}
      {failure ? (
        <Notice tone="error" title={t('passwordNotChanged')} onDismiss={() => setFailure(null)}>
          {failure}
        </Notice>
      ) : null}
      <form className="password-settings__form" noValidate onSubmit={submit}>
        <PasswordInput
          id={ids.currentPassword}
          label={t('currentPassword')}
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
          autoComplete="current-password"
          shown={shown.currentPassword}
          onShownChange={show('currentPassword')}
        />
        <PasswordInput
          id={ids.newPassword}
          label={t('newPassword')}
          hint={t('newPasswordHint')}
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          autoComplete="new-password"
          shown={shown.newPassword}
          onShownChange={show('newPassword')}
        />
        <PasswordInput
          id={ids.confirmPassword}
          label={t('confirmPassword')}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          autoComplete="new-password"
          shown={shown.confirmPassword}
          onShownChange={show('confirmPassword')}
        />
        <button type="submit" className="ui-button ui-button--primary password-settings__submit" aria-disabled={mutation.isPending || undefined}>
          {mutation.isPending ? t('changingPassword') : t('changePassword')}
        </button>
      </form>
    </section>
  );
}
