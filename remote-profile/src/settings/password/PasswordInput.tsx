// A labelled password box with its error and a 'Show password' toggle, as on the sign-in pages
// (api/src/http/show-password.ts): the button keeps its name and says its state with aria-pressed,
// a polite status says what changed, and the password is hidden again before the form is sent.
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { settingsTexts } from '../messages';
import { useId, useState } from 'react';
import type { Ref } from 'react';

export type PasswordInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  /** Shown as plain text; the form sets it back to false when it is sent. */
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The box's id, so the error summary can link to it. */
  id: string;
};

export function PasswordInput({ label, value, onChange, error, hint, autoComplete, shown, onShownChange, inputRef, id }: PasswordInputProps) {
  const ids = useId();
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  const [status, setStatus] = useState('');
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const toggle = () => {
    onShownChange(!shown);
    setStatus(settingsTexts.t(shown ? 'passwordHidden' : 'passwordShown'));
  };
  return (
    <div className={error ? 'password-settings__field password-settings__field--error' : 'password-settings__field'}>
      <label htmlFor={id} className="password-settings__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="password-settings__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="password-settings__error">
          <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
          {error}
        </p>
      ) : null}
      <div className="password-settings__input-row">
        <input
          ref={inputRef}
          id={id}
          className="password-settings__input ui-focus-ring"
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="button" className="ui-button password-settings__toggle" aria-controls={id} aria-pressed={shown} onClick={toggle}>
          {settingsTexts.t('showPassword')}
        </button>
      </div>
      <span className="ui-visually-hidden" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
