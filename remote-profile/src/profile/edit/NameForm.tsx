// Name edit (spec section 5): first and last name required, middle name optional.
import { useState } from 'react';
import { updateIdentityUser } from '../api';
import { EditScreen } from './EditScreen';
import { saveProblem } from './edit-form';
import type { EditFormProps } from './edit-form';
import { TextField } from './TextField';
import { requiredErrors } from './use-field-errors';
import { fieldId, useFormErrors } from './use-form-errors';
import { useProfileSave } from './use-profile-save';
import { profileTexts } from '../messages';

const t = profileTexts.t;

type NameValues = { firstName: string; middleName: string; lastName: string };
const ORDER = ['firstName', 'lastName'] as const;

export function NameForm({ user, sub, onSaved, onBack }: EditFormProps) {
  const [values, setValues] = useState<NameValues>({
    firstName: user.firstName ?? '',
    middleName: user.middleName ?? '',
    lastName: user.lastName ?? '',
  });
  const { errors, check, summary, attempt } = useFormErrors(ORDER);
  const { save, saving, error, clearError } = useProfileSave(sub, onSaved);
  const set = (key: keyof NameValues) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const ok = check(requiredErrors(values, { firstName: t('enterFirstName'), lastName: t('enterLastName') }));
    if (!ok) return;
    save(() => updateIdentityUser(sub, { firstName: values.firstName.trim(), middleName: values.middleName.trim(), lastName: values.lastName.trim() }));
  };

  return (
    <EditScreen
      errors={summary}
      attempt={attempt}
      field="name"
      onBack={onBack}
      onSubmit={submit}
      saving={saving}
      problem={saveProblem(error)}
      onDismissProblem={clearError}
    >
      <TextField
        label={t('firstName')}
        value={values.firstName}
        onChange={set('firstName')}
        error={errors.firstName}
        autoComplete="given-name"
        spellCheck={false}
        id={fieldId('firstName')}
      />
      <TextField label={t('middleName')} optional value={values.middleName} onChange={set('middleName')} autoComplete="additional-name" spellCheck={false} />
      <TextField
        label={t('lastName')}
        value={values.lastName}
        onChange={set('lastName')}
        error={errors.lastName}
        autoComplete="family-name"
        spellCheck={false}
        id={fieldId('lastName')}
      />
    </EditScreen>
  );
}
