// API keys for the employer's payroll software (the employer API): the list, "Create a key" whose
// secret shows once, and revoking a key after a confirmation.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import type { ConsoleEmployer, CreatedKey, EmployerApiKey } from '@portal/shared/api/employer-console';
import { KEY_NAME_MAX_LENGTH } from '@portal/shared/api/employer-console';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { createKey, revokeKey } from '../api';
import { ConsoleError } from '../components/ConsoleError';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import { Field } from '../components/Field';
import { useKeys, useRefreshEmployer } from '../queries';
import { formatLondonTime } from '@portal/shared/london-time';

export function keyNameError(name: string): string | null {
  return name.trim().length > KEY_NAME_MAX_LENGTH ? `The name must be ${KEY_NAME_MAX_LENGTH} characters or fewer` : null;
}

/** How a key is named on screen: its name, else the first characters it was shown with. */
export function keyLabel(key: EmployerApiKey): string {
  return key.name ? `${key.name} (${key.prefix}…)` : `${key.prefix}…`;
}

export function KeysScreen({ employer }: { employer: ConsoleEmployer }) {
  const keys = useKeys(employer.id);
  const refresh = useRefreshEmployer();
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<EmployerApiKey | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);

  return (
    <div className="employer-keys">
      <h2>API keys</h2>
      <p>
        Your payroll software uses a key to publish pay runs and documents to the portal through the employer API. Anyone who has a key can publish for{' '}
        {employer.name}: keep keys secret, and revoke a key you no longer use or think someone else has seen.
      </p>
      {created ? <SecretPanel created={created} onDone={() => setCreated(null)} /> : null}
      {revoked ? (
        <Notice tone="success" title="Key revoked" onDismiss={() => setRevoked(null)}>
          <p>The employer API refuses {revoked} from now on.</p>
        </Notice>
      ) : null}
      {revoking ? (
        <RevokePanel
          employerId={employer.id}
          apiKey={revoking}
          onCancel={() => setRevoking(null)}
          onRevoked={() => {
            setRevoked(keyLabel(revoking));
            setRevoking(null);
            void refresh(employer.id, 'keys');
          }}
          onStale={() => void refresh(employer.id, 'keys')}
        />
      ) : null}

      {keys.isPending ? (
        <Spinner label="Loading the keys…" />
      ) : keys.isError ? (
        <ConsoleError title="The API keys could not be loaded" error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data.keys.length === 0 ? (
        <p>{employer.name} has no API keys yet.</p>
      ) : (
        <table className="ui-table employer-table">
          <caption>API keys of {employer.name}</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Revoked</th>
              <th scope="col">
                <span className="ui-visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.data.keys.map((key) => (
              <tr key={key.id}>
                <td>
                  {key.name ? (
                    <>
                      {key.name}
                      <br />
                    </>
                  ) : null}
                  <code>{key.prefix}…</code>
                </td>
                <td>
                  <time dateTime={key.createdAt}>{formatLondonTime(key.createdAt)}</time>
                  {key.createdBy ? (
                    <>
                      <br />
                      <span className="employer-muted">
                        by {key.createdBy.name} ({key.createdBy.email})
                      </span>
                    </>
                  ) : null}
                </td>
                <td>{key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{formatLondonTime(key.lastUsedAt)}</time> : 'Never'}</td>
                <td>{key.revokedAt ? <time dateTime={key.revokedAt}>{formatLondonTime(key.revokedAt)}</time> : 'No'}</td>
                <td>
                  {key.revokedAt ? null : (
                    <button type="button" className="ui-button" aria-expanded={revoking?.id === key.id} onClick={() => setRevoking(key)}>
                      Revoke<span className="ui-visually-hidden"> key {keyLabel(key)}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <CreateKeyForm
        employerId={employer.id}
        onCreated={(result) => {
          setRevoked(null);
          setCreated(result);
          void refresh(employer.id, 'keys');
        }}
      />
    </div>
  );
}

/** The new key, once: a copy button and a plain warning. Takes focus so it is read out first. */
function SecretPanel({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => ref.current?.focus(), [created]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section ref={ref} tabIndex={-1} className="employer-panel employer-secret" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Your new key</h3>
      <p>
        <strong>Copy this key now. It will not be shown again:</strong> the portal keeps only its first characters. If you lose it, create another key and
        revoke this one.
      </p>
      <Field id={`${id}-secret`} label="API key">
        {(control) => (
          <input
            {...control}
            type="text"
            readOnly
            className="employer-field__input employer-secret__value ui-focus-ring"
            value={created.secret}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.target.select()}
          />
        )}
      </Field>
      <div className="employer-invite__buttons">
        <button type="button" className="ui-button ui-button--primary" onClick={() => void copy()}>
          Copy the key
        </button>
        <button type="button" className="ui-button" onClick={onDone}>
          I have copied it
        </button>
        <span aria-live="polite">{copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Could not copy: select the key and copy it yourself.' : ''}</span>
      </div>
    </section>
  );
}

function RevokePanel({
  employerId,
  apiKey,
  onCancel,
  onRevoked,
  onStale,
}: {
  employerId: string;
  apiKey: EmployerApiKey;
  onCancel: () => void;
  onRevoked: () => void;
  onStale: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [apiKey.id]);
  const revoke = useMutation({
    mutationFn: () => revokeKey(employerId, apiKey.id),
    onSuccess: onRevoked,
    // Revoked or removed meanwhile: the list shows it as it is now.
    onError: onStale,
  });
  return (
    <section ref={ref} tabIndex={-1} className="employer-panel" aria-label="Revoke the key">
      {revoke.isError ? <ConsoleError title="The key was not revoked" error={revoke.error} /> : null}
      <p>
        Revoke the key {keyLabel(apiKey)}? Payroll software that uses it will be refused at once. This cannot be undone: to publish again, create a new key.
      </p>
      <div className="employer-invite__buttons">
        <button
          type="button"
          className="ui-button ui-button--primary"
          aria-disabled={revoke.isPending || undefined}
          onClick={() => !revoke.isPending && revoke.mutate()}
        >
          Yes, revoke the key
        </button>
        <button type="button" className="ui-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

function CreateKeyForm({ employerId, onCreated }: { employerId: string; onCreated: (created: CreatedKey) => void }) {
  const id = useId();
  const nameId = `${id}-name`;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const create = useMutation({
    mutationFn: (value: string) => createKey(employerId, value ? { name: value } : {}),
    onSuccess: (result) => {
      setName('');
      onCreated(result);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = keyNameError(name);
    setError(found);
    if (found) {
      setAttempt((value) => value + 1);
      return;
    }
    create.mutate(name.trim());
  };

  return (
    <section className="employer-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Create a key</h3>
      <ErrorSummary errors={error ? [{ fieldId: nameId, message: error }] : []} attempt={attempt} />
      {create.isError ? <ConsoleError title="The key was not created" error={create.error} /> : null}
      <form noValidate onSubmit={submit} className="employer-form">
        <Field
          id={nameId}
          label="Name (optional)"
          hint={`To tell your keys apart, like the payroll software that uses it. Up to ${KEY_NAME_MAX_LENGTH} characters.`}
          error={error}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              className="employer-field__input ui-focus-ring"
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="ui-button ui-button--primary" aria-disabled={create.isPending || undefined}>
          {create.isPending ? 'Creating…' : 'Create a key'}
        </button>
      </form>
    </section>
  );
}
