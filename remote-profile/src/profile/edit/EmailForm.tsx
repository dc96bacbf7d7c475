// Email change (spec section 5): both fields required, no format check, and the current email typed
// must be the session's email, else nothing is sent and the user is told why (decisions.md).
// A change is sent to the identity user (the sign-in email) and then to the app's user record. The
// server changes the sign-in email only when the link it sends to the new address is opened: until
// then it answers the current address, which the record keeps too. A new address needs the current
// password; a wrong one is shown on its field and everything typed stays.
import { useState } from 'react';
import { useUserId, useUserInfo } from '@portal/shared/contract';
import { getApiErrorFacts } from '@portal/shared/api/client';
import { updateIdentityUser, updateUserRecordEmail } from '../api';
import { EditScreen } from './EditScreen';
import { saveProblem } from './edit-form';
import type { EditFormProps, SavedNotice } from './edit-form';
import { TextField } from './TextField';
import { requiredErrors } from './use-field-errors';
import { fieldId, useFormErrors } from './use-form-errors';
import { useProfileSave } from './use-profile-save';
import { profileTexts } from '../messages';

const t = profileTexts.t;

type EmailValues = { currentEmail: string; newEmail: string; currentPassword: string };
const ORDER = ['currentEmail', 'newEmail', 'currentPassword'] as const;

/** The server's answers about the password (api/src/identity/plugin.ts), shown on the password field. */
function passwordProblem(failure: unknown): string | null {
  const { code } = getApiErrorFacts(failure);
  if (code === 'password.current_missing') return t('passwordForEmail');
  if (code === 'password.current_not_right') return t('passwordNotRight');
  return null;
}

/** The overview's notice while the new address waits for its link. */
export function linkSentNotice(newEmail: string): SavedNotice {
  return {
    title: t('linkSentTitle', { email: newEmail }),
    message: t('linkSent'),
  };
}

/** Emails are compared as the server stores them: trimmed, any case. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function EmailForm({ user, sub, onSaved, onBack }: EditFormProps) {
  const sessionEmail = useUserInfo()?.email ?? user.email;
  const userId = useUserId();
  const [values, setValues] = useState<EmailValues>({ currentEmail: '', newEmail: '', currentPassword: '' });
  const { errors, check, summary, attempt } = useFormErrors(ORDER);
  const requested = values.newEmail.trim();
  const { save, saving, error, failure, clearError } = useProfileSave(sub, (updated) =>
    onSaved(updated, sameEmail(updated.email ?? '', requested) ? undefined : linkSentNotice(requested)),
  );
  // A refused password is the password field's error, listed in the summary; the notice is for the rest.
  const wrongPassword = passwordProblem(failure);
  const set = (key: keyof EmailValues) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    clearError();
    const found = requiredErrors(values, {
      currentEmail: t('enterCurrentEmail'),
      newEmail: t('enterNewEmail'),
      currentPassword: t('enterCurrentPassword'),
    });
    const matches = Boolean(found.currentEmail) || sameEmail(values.currentEmail, sessionEmail);
    if (!matches) found.currentEmail = t('enterSignInEmail');
    if (!check(found)) return;
    const email = values.newEmail.trim();
    save(
      async () => {
        const updated = await updateIdentityUser(sub, { email }, undefined, values.currentPassword);
        // The record's email follows the sign-in email: the new one only once its link is opened.
        await updateUserRecordEmail({ userId }, updated.email ?? email);
        return updated;
      },
      (refusal) => {
        const message = passwordProblem(refusal);
        if (message) check({ currentPassword: message });
      },
    );
  };

  return (
    <EditScreen
      errors={summary}
      attempt={attempt}
      field="email"
      onBack={onBack}
      onSubmit={submit}
      saving={saving}
      problem={wrongPassword ? null : saveProblem(error)}
      onDismissProblem={clearError}
    >
      <TextField
        label={t('currentEmail')}
        type="email"
        value={values.currentEmail}
        onChange={set('currentEmail')}
        error={errors.currentEmail}
        autoComplete="email"
        spellCheck={false}
        id={fieldId('currentEmail')}
      />
      <TextField
        label={t('newEmail')}
        type="email"
        value={values.newEmail}
        onChange={set('newEmail')}
        error={errors.newEmail}
        autoComplete="off"
        spellCheck={false}
        id={fieldId('newEmail')}
      />
      <TextField
        label={t('currentPassword')}
        type="password"
        value={values.currentPassword}
        onChange={set('currentPassword')}
        error={errors.currentPassword}
        autoComplete="current-password"
        spellCheck={false}
        id={fieldId('currentPassword')}
      />
    </EditScreen>
  );
}
