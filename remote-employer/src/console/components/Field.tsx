// One field of a console form, GOV.UK style: label, hint, and the inline error above the control,
// which is marked invalid and described by both. The control itself is the caller's (text, file…).
import type { ReactNode } from 'react';

export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'employer-field employer-field--error' : 'employer-field'}>
      <label htmlFor={id} className="employer-field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="employer-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="employer-field__error">
          <span className="ui-visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
    </div>
  );
}
