// One passkey in Settings' list: its name, when it was added and last used, and its two actions:
// rename (a name field in place) and remove (after a confirmation in place). Each panel takes focus
// when it opens, and Cancel gives it back to the button that opened it.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import { getApiErrorMessage } from '@portal/shared/api/client';
import type { Passkey } from '@portal/shared/api/types';
import { useUserId } from '@portal/shared/contract';
import { formatLongDate } from '@portal/shared/format';
import { Notice } from '@portal/shared/ui/Notice';
import { removePasskey, renamePasskey } from './api';
import { passkeyNameError } from './passkey-name';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { settingsTexts } from '../messages';

const t = settingsTexts.t;

type Props = {
  passkey: Passkey;
  onRenamed: (renamed: Passkey) => void;
  onRemoved: () => void;
  /** The passkey changed or went meanwhile (another tab): the list should be read again. */
  onStale: () => void;
};

type Open = 'rename' | 'remove' | null;

export function PasskeyRow({ passkey, onRenamed, onRemoved, onStale }: Props) {
  const [open, setOpen] = useState<Open>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const close = (from: Exclude<Open, null>) => {
    setOpen(null);
    queueMicrotask(() => (from === 'rename' ? renameButton : removeButton).current?.focus());
  };

  return (
    <li className="profile-passkeys__item">
      <div className="profile-passkeys__summary">
        <p className="profile-passkeys__name">{passkey.name}</p>
        <p className="profile-passkeys__dates">
          {t('added')} <time dateTime={passkey.createdAt}>{formatLongDate(passkey.createdAt)}</time>
          {' · '}
          {passkey.lastUsedAt ? (
            <>
              {t('lastUsedOn')} <time dateTime={passkey.lastUsedAt}>{formatLongDate(passkey.lastUsedAt)}</time>
            </>
          ) : (
            t('notUsedYet')
          )}
        </p>
      </div>
      <div className="profile-passkeys__actions">
        <button
          ref={renameButton}
          type="button"
          className="ui-button"
          aria-expanded={open === 'rename'}
          onClick={() => setOpen(open === 'rename' ? null : 'rename')}
        >
          {t('rename')}
          <span className="ui-visually-hidden"> {passkey.name}</span>
        </button>
        <button
          ref={removeButton}
          type="button"
          className="ui-button"
          aria-expanded={open === 'remove'}
          onClick={() => setOpen(open === 'remove' ? null : 'remove')}
        >
          {t('remove')}
          <span className="ui-visually-hidden"> {passkey.name}</span>
        </button>
      </div>
      {open === 'rename' ? (
        <RenameForm
          passkey={passkey}
          onCancel={() => close('rename')}
          onRenamed={(renamed) => {
            setOpen(null);
            onRenamed(renamed);
          }}
          onStale={onStale}
        />
      ) : null}
      {open === 'remove' ? <RemovePanel passkey={passkey} onCancel={() => close('remove')} onRemoved={onRemoved} onStale={onStale} /> : null}
    </li>
  );
}

function RenameForm({
  passkey,
  onCancel,
  onRenamed,
  onStale,
}: {
  passkey: Passkey;
  onCancel: () => void;
  onRenamed: (renamed: Passkey) => void;
  onStale: () => void;
}) {
  const id = useId();
  const userId = useUserId();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  const rename = useMutation({
    mutationFn: (chosen: string) => renamePasskey({ userId }, passkey.id, { name: chosen }),
    onSuccess: onRenamed,
    onError: onStale,
    meta: { errorMessage: 'Renaming a passkey failed.' },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rename.isPending) return;
    const found = passkeyNameError(name);
    setError(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    rename.mutate(name.trim());
  };
  const errorId = `${id}-error`;
  return (
    <form className="profile-passkeys__panel" noValidate onSubmit={submit} aria-label={t('renamePasskey', { name: passkey.name })}>
      {rename.isError ? (
        <Notice tone="error" title={t('passkeyNotRenamed')} onDismiss={() => rename.reset()}>
          <p>{getApiErrorMessage(rename.error, t('passkeyNotRenamedTryAgain'))}</p>
        </Notice>
      ) : null}
      <div className="profile-passkeys__field">
        <label htmlFor={`${id}-name`} className="profile-passkeys__label">
          {t('newName')}
        </label>
        {error ? (
          <p id={errorId} className="profile-passkeys__error">
            <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
            {error}
          </p>
        ) : null}
        <input
          ref={inputRef}
          id={`${id}-name`}
          className="profile-passkeys__input ui-focus-ring"
          type="text"
          autoComplete="off"
          value={name}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="profile-passkeys__buttons">
        <button type="submit" className="ui-button ui-button--primary" aria-disabled={rename.isPending || undefined}>
          {t('saveName')}
        </button>
        <button type="button" className="ui-button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

function RemovePanel({ passkey, onCancel, onRemoved, onStale }: { passkey: Passkey; onCancel: () => void; onRemoved: () => void; onStale: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const userId = useUserId();
  useEffect(() => ref.current?.focus(), []);
  const remove = useMutation({
    mutationFn: () => removePasskey({ userId }, passkey.id),
    onSuccess: onRemoved,
    // Removed meanwhile: the list shows it as it is now.
    onError: onStale,
    meta: { errorMessage: 'Removing a passkey failed.' },
  });
  return (
    <div ref={ref} tabIndex={-1} role="group" className="profile-passkeys__panel" aria-label={t('removePasskey', { name: passkey.name })}>
      {remove.isError ? (
        <Notice tone="error" title={t('passkeyNotRemoved')} onDismiss={() => remove.reset()}>
          <p>{getApiErrorMessage(remove.error, t('passkeyNotRemovedTryAgain'))}</p>
        </Notice>
      ) : null}
      <p>{t('removeQuestion', { name: passkey.name })}</p>
      <div className="profile-passkeys__buttons">
        <button
          type="button"
          className="ui-button ui-button--primary"
          aria-disabled={remove.isPending || undefined}
          onClick={() => !remove.isPending && remove.mutate()}
        >
          {t('yesRemove')}
        </button>
        <button type="button" className="ui-button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
