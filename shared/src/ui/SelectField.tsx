import { useId } from 'react';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = {
  /** The visible label, which is also the select's accessible name. */
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  className?: string;
};

/** A labelled drop-down list (the payslips to compare, the tax year to show). */
export function SelectField({ label, value, options, onChange, className }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={['ui-select', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="ui-select__label">
        {label}
      </label>
      <select id={id} className="ui-select__control" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
