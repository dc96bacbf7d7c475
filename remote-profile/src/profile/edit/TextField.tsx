// A labelled text box with an optional error (above the box, 'Error:' read first), wired for screen readers.
import { useId } from 'react';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import type { HTMLAttributes, ReactNode, Ref } from 'react';

export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Ids of extra text that describes the box (e.g. a tooltip). */
  describedBy?: string;
  /** Something beside the label (e.g. a tooltip button). */
  labelAddon?: ReactNode;
  optional?: boolean;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  spellCheck?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The box's id, so the error summary can link to it (default generated). */
  id?: string;
};

export function TextField({
  label,
  value,
  onChange,
  error,
  describedBy,
  labelAddon,
  optional = false,
  type = 'text',
  autoComplete,
  inputMode,
  spellCheck,
  name,
  inputRef,
  id: givenId,
}: TextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = `${id}-error`;
  const description = [describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="profile-field">
      <div className="profile-field__label-row">
        <label htmlFor={id} className="profile-field__label">
          {label}
          {optional ? <span className="profile-field__optional">{formPartsTexts.t('optional')}</span> : null}
        </label>
        {labelAddon}
      </div>
      {error ? (
        <p id={errorId} className="profile-field__error">
          <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
          {error}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        name={name}
        className="profile-field__input ui-focus-ring"
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={description}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
