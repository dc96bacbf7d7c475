// Admins: the list, the invitations waiting, and the form that invites one more by email.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import type { ConsoleEmployer } from '@portal/shared/api/employer-console';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { inviteAdmin } from '../api';
import { ConsoleError } from '../components/ConsoleError';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import { useAdmins, useRefreshEmployer } from '../queries';
import { formatLondonTime } from '@portal/shared/london-time';

/** Something@something.something, no spaces: the API checks the rest. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function adminEmailError(email: string): string | null {
  const value = email.trim();
  if (value === '') return 'Enter the email address of the person to invite';
  if (!EMAIL.test(value)) return 'Enter an email address in the right format, like name@example.com';
  return null;
}

export function AdminsScreen({ employer }: { employer: ConsoleEmployer }) {
  const admins = useAdmins(employer.id);
  return (
    <div className="employer-admins">
      <h2>Admins</h2>
      {admins.isPending ? (
        <Spinner label="Loading the admins…" />
      ) : admins.isError ? (
        <ConsoleError title="The admins could not be loaded" error={admins.error} onRetry={() => void admins.refetch()} />
      ) : (
        <>
          <table className="ui-table employer-table">
            <caption>Admins of {employer.name}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Admin since</th>
              </tr>
            </thead>
            <tbody>
              {admins.data.admins.map((admin) => (
                <tr key={admin.email}>
                  <td>{admin.name}</td>
                  <td>{admin.email}</td>
                  <td>{formatLondonTime(admin.since)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Invitations waiting</h3>
          {admins.data.invitations.length === 0 ? (
            <p>No invitations are waiting.</p>
          ) : (
            <table className="ui-table employer-table">
              <caption className="ui-visually-hidden">Invitations waiting</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Works until</th>
                </tr>
              </thead>
              <tbody>
                {admins.data.invitations.map((invitation) => (
                  <tr key={invitation.email}>
                    <td>{invitation.email}</td>
                    <td>{formatLondonTime(invitation.sentAt)}</td>
                    <td>{formatLondonTime(invitation.expiresAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <InviteAdminForm employer={employer} />
    </div>
  );
}

function InviteAdminForm({ employer }: { employer: ConsoleEmployer }) {
  const id = useId();
  const emailId = `${id}-email`;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const refresh = useRefreshEmployer();
  const invite = useMutation({
    mutationFn: (address: string) => inviteAdmin(employer.id, address),
    onSuccess: (_result, address) => {
      setSentTo(address);
      setEmail('');
      void refresh(employer.id, 'admins');
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const found = adminEmailError(email);
    setError(found);
    setSentTo(null);
    if (found) {
      setAttempt((value) => value + 1);
      return;
    }
    invite.mutate(email.trim());
  };

  return (
    <section className="employer-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Invite an admin</h3>
      <ErrorSummary errors={error ? [{ fieldId: emailId, message: error }] : []} attempt={attempt} />
      {sentTo ? (
        <Notice tone="success" title={`We have sent an invitation to ${sentTo}`} onDismiss={() => setSentTo(null)}>
          <p>The link in it works for 14 days. They become an admin of {employer.name} when they open it and sign in.</p>
        </Notice>
      ) : null}
      {invite.isError ? <ConsoleError title="The invitation was not sent" error={invite.error} /> : null}
      <form noValidate onSubmit={submit} className="employer-form">
        <div className={error ? 'employer-field employer-field--error' : 'employer-field'}>
          <label htmlFor={emailId} className="employer-field__label">
            Email address
          </label>
          {error ? (
            <p id={`${emailId}-error`} className="employer-field__error">
              <span className="ui-visually-hidden">Error: </span>
              {error}
            </p>
          ) : null}
          <input
            id={emailId}
            type="email"
            className="employer-field__input ui-focus-ring"
            autoComplete="off"
            spellCheck={false}
            value={email}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${emailId}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="submit" className="ui-button ui-button--primary" aria-disabled={invite.isPending || undefined}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
    </section>
  );
}
