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

const PASSKEYS = 'passkeys';

export const PASSKEY_EXPLAINED =
  'A passkey lets you sign in with your fingerprint, face or screen lock instead of your password, and it works only on the pay portal, so nobody can trick you into using it on another site.';

/** The API's refusals of a new passkey, by their code. */
const REFUSALS: Record<string, string> = {
  'passkeys.expired': 'Adding the passkey took too long. Try again.',
  'passkeys.not_checked': 'Your device’s answer could not be checked, so the passkey was not added. Try again.',
  'passkeys.exists': 'This passkey has been added already.',
  'passkeys.too_many': 'Your account has as many passkeys as it can hold. Remove one you no longer use, then try again.',
};

function refusalCode(error: unknown): string | null {
  const code = (error as { response?: { data?: { code?: unknown } } } | null)?.response?.data?.code;
  return typeof code === 'string' ? code : null;
}

export function addFailureMessage(error: unknown): string {
  return browserFailureMessage(error) ?? REFUSALS[refusalCode(error) ?? ''] ?? getApiErrorMessage(error, 'The passkey was not added. Try again.');
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
        Passkeys
      </h2>
      <p className="profile-passkeys__text">{PASSKEY_EXPLAINED}</p>
      <div ref={statusRef} tabIndex={-1} className="profile-passkeys__status">
        {done ? <Notice tone="success" title={done} onDismiss={() => setDone(null)} /> : null}
      </div>
      {passkeys.isPending ? (
        <Spinner label="Loading your passkeys…" />
      ) : passkeys.isError ? (
        <LoadErrorNotice title="Your passkeys could not be loaded" error={passkeys.error} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <ul className="profile-passkeys__list" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRenamed={(renamed) => changed(`Passkey renamed to ${renamed.name}`)}
              onRemoved={() => changed(`Passkey ${passkey.name} removed`)}
              onStale={() => void refresh()}
            />
          ))}
        </ul>
      )}
      {canMakePasskeys() ? (
        <AddPasskeyForm onAdded={(added) => changed(`Passkey ${added.name} added`)} />
      ) : (
        <p className="profile-passkeys__unsupported">
          This browser cannot make passkeys. To add one, open Settings in a browser that can, such as a recent Chrome, Edge, Firefox or Safari.
        </p>
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
        Add a passkey
      </h3>
      {add.isError ? (
        <Notice tone="error" title="The passkey was not added" onDismiss={() => add.reset()}>
          <p>{addFailureMessage(add.error)}</p>
        </Notice>
      ) : null}
      <div className="profile-passkeys__field">
        <label htmlFor={nameId} className="profile-passkeys__label">
          Name of the passkey
        </label>
        <p id={hintId} className="profile-passkeys__hint">
          To tell your passkeys apart, like the device it is on. Up to {PASSKEY_NAME_MAX_LENGTH} characters.
        </p>
        {error ? (
          <p id={errorId} className="profile-passkeys__error">
            <span className="ui-visually-hidden">Error: </span>
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
        {add.isPending ? 'Adding the passkey…' : 'Add a passkey'}
      </button>
      {add.isPending ? (
        <p role="status" className="profile-passkeys__hint">
          Follow the steps on your device.
        </p>
      ) : null}
    </form>
  );
}
