// Mobile number edit (spec section 5): required, no format check.
import { useState } from 'react';
import { updateIdentityUser } from '../api';
import { EditScreen } from './EditScreen';
import { saveProblem } from './edit-form';
import type { EditFormProps } from './edit-form';
import { TextField } from './TextField';
import { requiredErrors, useFieldErrors } from './use-field-errors';
import { useProfileSave } from './use-profile-save';

const ORDER = ['mobilePhone'] as const;

export function MobileForm({ user, sub, onSaved, onBack }: EditFormProps) {
  const [mobilePhone, setMobilePhone] = useState(user.mobilePhone ?? '');
  const { errors, refFor, check } = useFieldErrors(ORDER);
  const { save, saving, error, clearError } = useProfileSave(sub, onSaved);

  const submit = () => {
    if (!check(requiredErrors({ mobilePhone }, { mobilePhone: 'Enter your mobile number' }))) return;
    save(() => updateIdentityUser(sub, { mobilePhone: mobilePhone.trim() }));
  };

  return (
    <EditScreen field="mobile" onBack={onBack} onSubmit={submit} saving={saving} problem={saveProblem(error)} onDismissProblem={clearError}>
      <TextField
        label="Mobile number"
        type="tel"
        value={mobilePhone}
        onChange={setMobilePhone}
        error={errors.mobilePhone}
        autoComplete="tel"
        inputRef={refFor('mobilePhone')}
      />
    </EditScreen>
  );
}
