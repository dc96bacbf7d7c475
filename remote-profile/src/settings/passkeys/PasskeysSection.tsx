// Settings › Passkeys: what a passkey is, the user's passkeys (name, when added, when last used),
// adding one under a name (offered from the browser), renaming one and removing one after a
// confirmation. Adding is two calls around the device's prompt: the options, then its answer.
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@portal/shared/query';
import { getApiErrorMessage } from '@portal/shared/api/client';
import type { Passkey } from '@portal/shared/api/types';
import { PASSKEY_NAME_MAX_LENGTH } from './passkey-name';
import { useUserId } from '@portal/shared/contract';
import { userQueryKey, useUserQuery } from '@portal/shared/react/portal-query';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { fetchCreationOptions, fetchPasskeys, savePasskey } from './api';
import { browserFailureMessage, canMakePasskeys, makePasskey } from './create-passkey';
import { defaultPasskeyName } from './default-name';
import { PasskeyRow } from './PasskeyRow';
import { passkeyNameError } from './passkey-name';
import './passkeys.css';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { settingsTexts } from '../messages';

const t = settingsTexts.t;

const PASSKEYS = 'passkeys';

/** What a passkey is, in the page's language. */
export const passkeyExplained = () => t('passkeyExplained');

/** The API's refusals of a new passkey, by their code. */
const REFUSALS: Record<string, Parameters<typeof t>[0]> = {
  'passkeys.expired': 'passkeyExpired',
  'passkeys.not_checked': 'passkeyNotChecked',
  'passkeys.exists': 'passkeyExists',
  'passkeys.too_many': 'passkeyTooMany',
};

function refusalCode(error: unknown): string | null {
  const code = (error as { response?: { data?: { code?: unknown } } } | null)?.response?.data?.code;
  return typeof code === 'string' ? code : null;
}

export function addFailureMessage(error: unknown): string {
  const refusal = REFUSALS[refusalCode(error) ?? ''];
  return browserFailureMessage(error) ?? (refusal ? t(refusal) : getApiErrorMessage(error, t('passkeyNotAddedTryAgain')));
}

/** The user's passkeys, oldest first. */
export function usePasskeys() {
  return useUserQuery({ key: [PASSKEYS], fetch: (scope, signal) => fetchPasskeys(scope, signal), errorMessage: 'Loading the passkeys failed.' });
}

export function PasskeysSection() {
  const headingId = useId();
  const userId = useUserId();
  const passkeys = usePasskeys();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: userQueryKey({ userId }, PASSKEYS) });

  /** A change done: say so (the notice takes focus, so it is read out), and show the list as it is now. */
  const changed = (message: string) => {
    setDone(message);
    void refresh();
    queueMicrotask(() => statusRef.current?.focus());
  };

  return (
    <section className="profile-passkeys" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-passkeys__heading">
        {t('passkeysHeading')}
      </h2>
      <p className="profile-passkeys__text">{passkeyExplained()}</p>
      <div ref={statusRef} tabIndex={-1} className="profile-passkeys__status">
        {done ? <Notice tone="success" title={done} onDismiss={() => setDone(null)} /> : null}
      </div>
      {passkeys.isPending ? (
        <Spinner label={t('loadingPasskeys')} />
      ) : passkeys.isError ? (
        <LoadErrorNotice title={t('passkeysFailed')} error={passkeys.error} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.length === 0 ? (
        <p>{t('noPasskeys')}</p>
      ) : (
        <ul className="profile-passkeys__list" aria-label={t('yourPasskeys')}>
          {passkeys.data.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRenamed={(renamed) => changed(t('passkeyRenamed', { name: renamed.name }))}
              onRemoved={() => changed(t('passkeyRemoved', { name: passkey.name }))}
              onStale={() => void refresh()}
            />
          ))}
        </ul>
      )}
      {canMakePasskeys() ? (
        <AddPasskeyForm onAdded={(added) => changed(t('passkeyAdded', { name: added.name }))} />
      ) : (
        <p className="profile-passkeys__unsupported">{t('passkeysUnsupported')}</p>
      )}
    </section>
  );
}

function AddPasskeyForm({ onAdded }: { onAdded: (added: Passkey) => void }) {
  const id = useId();
  const userId = useUserId();
  const [name, setName] = useState(() => defaultPasskeyName(typeof navigator === 'undefined' ? '' : navigator.userAgent));
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const add = useMutation({
    mutationFn: async (chosen: string) => {
      const options = await fetchCreationOptions({ userId });
      const credential = await makePasskey(options);
      return savePasskey({ userId }, { name: chosen, credential });
    },
    onSuccess: onAdded,
    meta: { errorMessage: 'Adding a passkey failed.' },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const found = passkeyNameError(name);
    setError(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    add.reset();
    add.mutate(name.trim());
  };

  const nameId = `${id}-name`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form className="profile-passkeys__add" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="profile-passkeys__subheading">
        {t('addPasskey')}
      </h3>
      {add.isError ? (
        <Notice tone="error" title={t('passkeyNotAdded')} onDismiss={() => add.reset()}>
          <p>{addFailureMessage(add.error)}</p>
        </Notice>
      ) : null}
      <div className="profile-passkeys__field">
        <label htmlFor={nameId} className="profile-passkeys__label">
          {t('passkeyName')}
        </label>
        <p id={hintId} className="profile-passkeys__hint">
          {t('passkeyNameHint', { max: PASSKEY_NAME_MAX_LENGTH })}
        </p>
        {error ? (
          <p id={errorId} className="profile-passkeys__error">
            <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
            {error}
          </p>
        ) : null}
        <input
          ref={inputRef}
          id={nameId}
          className="profile-passkeys__input ui-focus-ring"
          type="text"
          autoComplete="off"
          value={name}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className="ui-button ui-button--primary" aria-disabled={add.isPending || undefined}>
        {add.isPending ? t('addingPasskey') : t('addPasskey')}
      </button>
      {add.isPending ? (
        <p role="status" className="profile-passkeys__hint">
          {t('followSteps')}
        </p>
      ) : null}
    </form>
  );
}
