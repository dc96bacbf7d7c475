// The box for a 6-digit code from the authenticator app, labelled, with its error tied to it.
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { settingsTexts } from '../messages';
import { useId } from 'react';
import type { Ref } from 'react';

type Props = { label: string; value: string; onChange: (value: string) => void; error: string | null; inputRef?: Ref<HTMLInputElement> };

export function CodeField({ label, value, onChange, error, inputRef }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="profile-field">
      <label htmlFor={id} className="profile-field__label">
        {label}
      </label>
      <p id={hintId} className="profile-security__hint">
        {settingsTexts.t('codeHint')}
      </p>
      {error ? (
        <p id={errorId} className="profile-field__error">
          <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
          {error}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        className="profile-field__input profile-security__code ui-focus-ring"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        value={value}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
