// Mobile number edit (spec section 5): required, no format check.
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

const ORDER = ['mobilePhone'] as const;

export function MobileForm({ user, sub, onSaved, onBack }: EditFormProps) {
  const [mobilePhone, setMobilePhone] = useState(user.mobilePhone ?? '');
  const { errors, check, summary, attempt } = useFormErrors(ORDER);
  const { save, saving, error, clearError } = useProfileSave(sub, onSaved);

  const submit = () => {
    if (!check(requiredErrors({ mobilePhone }, { mobilePhone: profileTexts.t('enterMobile') }))) return;
    save(() => updateIdentityUser(sub, { mobilePhone: mobilePhone.trim() }));
  };

  return (
    <EditScreen
      errors={summary}
      attempt={attempt}
      field="mobile"
      onBack={onBack}
      onSubmit={submit}
      saving={saving}
      problem={saveProblem(error)}
      onDismissProblem={clearError}
    >
      <TextField
        label={profileTexts.t('mobile')}
        type="tel"
        value={mobilePhone}
        onChange={setMobilePhone}
        error={errors.mobilePhone}
        autoComplete="tel"
        id={fieldId('mobilePhone')}
      />
    </EditScreen>
  );
}
