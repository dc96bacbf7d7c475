// National Insurance number edit (spec section 5): forced upper case, required, with the tooltip;
// no format check. The answer's user.data.niNumber is what the overview shows next.
import { useId, useState } from 'react';
import { NiNumberTooltip } from '@portal/shared/ui/NiNumberTooltip';
import { updateIdentityUser } from '../api';
import { EditScreen } from './EditScreen';
import { saveProblem } from './edit-form';
import type { EditFormProps } from './edit-form';
import { TextField } from './TextField';
import { requiredErrors } from './use-field-errors';
import { fieldId, useFormErrors } from './use-form-errors';
import { useProfileSave } from './use-profile-save';
import { profileTexts } from '../messages';

const ORDER = ['niNumber'] as const;

export function NiNumberForm({ user, sub, onSaved, onBack }: EditFormProps) {
  const [niNumber, setNiNumber] = useState((user.data?.niNumber ?? '').toUpperCase());
  const tooltipId = useId();
  const { errors, check, summary, attempt } = useFormErrors(ORDER);
  const { save, saving, error, clearError } = useProfileSave(sub, onSaved);

  const submit = () => {
    if (!check(requiredErrors({ niNumber }, { niNumber: profileTexts.t('enterNiNumber') }))) return;
    save(() => updateIdentityUser(sub, { data: { niNumber: niNumber.trim() } }));
  };

  return (
    <EditScreen
      errors={summary}
      attempt={attempt}
      field="niNumber"
      onBack={onBack}
      onSubmit={submit}
      saving={saving}
      problem={saveProblem(error)}
      onDismissProblem={clearError}
    >
      <TextField
        label={profileTexts.t('niNumber')}
        value={niNumber}
        onChange={(value) => setNiNumber(value.toUpperCase())}
        error={errors.niNumber}
        describedBy={tooltipId}
        labelAddon={<NiNumberTooltip id={tooltipId} />}
        autoComplete="off"
        spellCheck={false}
        id={fieldId('niNumber')}
      />
    </EditScreen>
  );
}
