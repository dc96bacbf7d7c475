// Date of birth edit (spec section 5): day, month and year all required (nothing is sent while one
// is empty), no range check, placeholders 01, 01 and 2020 (the spec's), with a British example
// as the hint; sent as birthDate 'YYYY-MM-DD'.
import { useState } from 'react';
import { splitIsoDate, toIsoDate } from '@portal/shared/format';
import type { DateParts } from '@portal/shared/format';
import { DateOfBirthInput } from '@portal/shared/ui/DateOfBirthInput';
import type { DateOfBirthPart } from '@portal/shared/ui/DateOfBirthInput';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { updateIdentityUser } from '../api';
import { EditScreen } from './EditScreen';
import { saveProblem } from './edit-form';
import type { EditFormProps } from './edit-form';
import { fieldId, useFormErrors } from './use-form-errors';
import { useProfileSave } from './use-profile-save';
import { profileTexts } from '../messages';

const PLACEHOLDERS = { day: '01', month: '01', year: '2020' } as const;
const PARTS: readonly DateOfBirthPart[] = ['day', 'month', 'year'];
const ORDER = ['dateOfBirth'] as const;
const BOX_IDS: Record<DateOfBirthPart, string> = { day: fieldId('dateOfBirth-day'), month: fieldId('dateOfBirth-month'), year: fieldId('dateOfBirth-year') };

/** 'Enter your date of birth', or what is missing: 'Date of birth must include a month and a year'. */
export function missingPartsMessage(missing: readonly DateOfBirthPart[]): string | null {
  if (missing.length === 0) return null;
  if (missing.length === PARTS.length) return profileTexts.t('enterDateOfBirth');
  // 'day', 'month', 'year', or two of them: 'dayMonth', 'dayYear', 'monthYear'.
  const parts = missing.map((part, index) => (index === 0 ? part : `${part.charAt(0).toUpperCase()}${part.slice(1)}`)).join('');
  return profileTexts.t('dateOfBirthMissing', { parts });
}

export function DateOfBirthForm({ user, sub, onSaved, onBack }: EditFormProps) {
  const [date, setDate] = useState<DateParts>(() => splitIsoDate(user.birthDate));
  const [missing, setMissing] = useState<readonly DateOfBirthPart[]>([]);
  // The summary's link goes to the first box in error.
  const { errors, check, summary, attempt } = useFormErrors(ORDER, { dateOfBirth: BOX_IDS[missing[0] ?? 'day'] });
  const { save, saving, error, clearError } = useProfileSave(sub, onSaved);

  const submit = () => {
    const empty = PARTS.filter((part) => !date[part].trim());
    setMissing(empty);
    const message = missingPartsMessage(empty);
    if (!check(message ? { dateOfBirth: message } : {})) return;
    save(() => updateIdentityUser(sub, { birthDate: toIsoDate(date) }));
  };

  return (
    <EditScreen
      errors={summary}
      attempt={attempt}
      field="dateOfBirth"
      onBack={onBack}
      onSubmit={submit}
      saving={saving}
      problem={saveProblem(error)}
      onDismissProblem={clearError}
    >
      <DateOfBirthInput
        ids={BOX_IDS}
        value={date}
        onChange={setDate}
        error={errors.dateOfBirth}
        invalidParts={missing}
        placeholders={PLACEHOLDERS}
        hint={formPartsTexts.t('dateOfBirthHint')}
        required
      />
    </EditScreen>
  );
}
