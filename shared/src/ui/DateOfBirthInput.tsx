// Day, month and year boxes for a date of birth (spec sections 5 and 9): digits only, day and month
// hold 2 characters and year 4; focus moves on after a full day or month. Used by the profile's
// date-of-birth edit and fits the onboarding confirm screen (ids 'day', 'month', 'year').
import { useId, useImperativeHandle, useRef } from 'react';
import type { ChangeEvent, ReactNode, Ref } from 'react';
import { DAY_MAX_LENGTH, MONTH_MAX_LENGTH, YEAR_MAX_LENGTH } from '@portal/shared/constants';
import type { DateParts } from '@portal/shared/format';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import './date-of-birth-input.css';

export type DateOfBirthPart = keyof DateParts;

export type DateOfBirthInputHandle = {
  /** Focuses one box (default the first empty one, else the day). */
  focus: (part?: DateOfBirthPart) => void;
};

export type DateOfBirthInputProps = {
  value: DateParts;
  onChange: (value: DateParts) => void;
  /** The group's legend. Default 'Date of birth'. */
  legend?: ReactNode;
  /** Shown under the legend, read with every box. */
  hint?: ReactNode;
  /** Shown under the legend and read with every box; marks the boxes invalid. */
  error?: string | null;
  /** Which boxes are invalid when there is an error (default all). */
  invalidParts?: readonly DateOfBirthPart[];
  /** Element ids of the boxes (default generated). */
  ids?: Partial<Record<DateOfBirthPart, string>>;
  placeholders?: Partial<Record<DateOfBirthPart, string>>;
  required?: boolean;
  ref?: Ref<DateOfBirthInputHandle>;
  className?: string;
};

const PARTS: readonly { part: DateOfBirthPart; maxLength: number; autoComplete: string }[] = [
  { part: 'day', maxLength: DAY_MAX_LENGTH, autoComplete: 'bday-day' },
  { part: 'month', maxLength: MONTH_MAX_LENGTH, autoComplete: 'bday-month' },
  { part: 'year', maxLength: YEAR_MAX_LENGTH, autoComplete: 'bday-year' },
];

/** Only day and month move focus on; the year is the last box. */
const AUTO_ADVANCE: Partial<Record<DateOfBirthPart, DateOfBirthPart>> = { day: 'month', month: 'year' };

export function DateOfBirthInput({
  value,
  onChange,
  legend = formPartsTexts.t('dateOfBirth'),
  hint,
  error,
  invalidParts,
  ids,
  placeholders,
  required = false,
  ref,
  className,
}: DateOfBirthInputProps) {
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const inputs = useRef<Partial<Record<DateOfBirthPart, HTMLInputElement | null>>>({});

  useImperativeHandle(
    ref,
    () => ({
      focus: (part) => {
        const target = part ?? PARTS.find(({ part: candidate }) => value[candidate] === '')?.part ?? 'day';
        inputs.current[target]?.focus();
      },
    }),
    [value],
  );

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  const handleChange = (part: DateOfBirthPart, maxLength: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '').slice(0, maxLength);
    const grew = digits.length > value[part].length;
    onChange({ ...value, [part]: digits });
    const next = AUTO_ADVANCE[part];
    if (next && grew && digits.length === maxLength) {
      const nextInput = inputs.current[next];
      nextInput?.focus();
      nextInput?.select();
    }
  };

  return (
    <fieldset className={['ui-dob', className].filter(Boolean).join(' ')}>
      <legend className="ui-dob__legend">{legend}</legend>
      {hint ? (
        <p id={hintId} className="ui-dob__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-dob__error">
          <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
          {error}
        </p>
      ) : null}
      <div className="ui-dob__boxes">
        {PARTS.map(({ part, maxLength, autoComplete }) => {
          const id = ids?.[part] ?? `${baseId}-${part}`;
          const invalid = Boolean(error) && (invalidParts ? invalidParts.includes(part) : true);
          return (
            <div key={part} className={`ui-dob__item ui-dob__item--${part}`}>
              <label htmlFor={id} className="ui-dob__label">
                {formPartsTexts.t(part)}
              </label>
              <input
                ref={(element) => {
                  inputs.current[part] = element;
                }}
                id={id}
                name={part}
                className="ui-dob__input ui-focus-ring"
                type="text"
                inputMode="numeric"
                autoComplete={autoComplete}
                maxLength={maxLength}
                size={maxLength + 1}
                value={value[part]}
                placeholder={placeholders?.[part]}
                aria-required={required || undefined}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                onChange={handleChange(part, maxLength)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
