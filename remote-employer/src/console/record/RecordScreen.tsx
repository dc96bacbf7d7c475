// A record's page: details and state, history (newest first, UK time), and resend, revoke and unlock.
import { useState } from 'react';
import { useMutation } from '@portal/shared/query';
import type { ConsoleEmployer, EmployeeHistory } from '@portal/shared/api/employer-console';
import { formatLongDate } from '@portal/shared/format';
import { BackLink } from '@portal/shared/ui/BackLink';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { resendInvitation, revokeInvitation } from '../api';
import { ConsoleError } from '../components/ConsoleError';
import { ContactCell } from '../employees/EmployeesTable';
import { consolePaths } from '../paths';
import { useEmployeeHistory, useRefreshEmployer } from '../queries';
import { formatLondonTime } from '@portal/shared/london-time';
import { CHANNEL_WORDS, EVENT_WORDS, STATE_WORDS } from '../words';
import { MessagesSection } from './MessagesSection';
import { UnlockForm } from './UnlockForm';

type Done = { title: string; text?: string };

export function RecordScreen({ employer, employmentId }: { employer: ConsoleEmployer; employmentId: string }) {
  const history = useEmployeeHistory(employer.id, employmentId);
  const refresh = useRefreshEmployer();
  const [done, setDone] = useState<Done | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  const after = (notice: Done) => {
    setDone(notice);
    // Also the record's messages: a resend or an unlock sends one.
    void refresh(employer.id);
  };
  const resend = useMutation({
    mutationFn: () => resendInvitation(employer.id, employmentId),
    onSuccess: ({ sentAt }) => after({ title: 'Invitation sent again', text: `Sent ${formatLondonTime(sentAt)}.` }),
  });
  const revoke = useMutation({
    mutationFn: () => revokeInvitation(employer.id, employmentId),
    onSuccess: () => {
      setConfirmRevoke(false);
      after({ title: 'Invitation withdrawn', text: 'The link or code they were sent no longer works.' });
    },
  });

  const back = <BackLink to={consolePaths.employees}>All employees</BackLink>;
  if (history.isPending)
    return (
      <>
        {back}
        <Spinner label="Loading the record…" />
      </>
    );
  if (history.isError)
    return (
      <>
        {back}
        <ConsoleError title="The record could not be loaded" error={history.error} onRetry={() => void history.refetch()} />
      </>
    );

  const { employee, events } = history.data;
  const actionError = resend.error ?? revoke.error;
  return (
    <div className="employer-record">
      {back}
      <h2>{employee.name}</h2>
      {done ? (
        <Notice tone="success" title={done.title} onDismiss={() => setDone(null)}>
          {done.text}
        </Notice>
      ) : null}
      {actionError ? <ConsoleError title="That did not work" error={actionError} /> : null}
      <Details data={history.data} />

      <h3>Actions</h3>
      <div className="employer-invite__buttons">
        {employee.invitation ? (
          <>
            <button type="button" className="ui-button" aria-disabled={resend.isPending || undefined} onClick={() => !resend.isPending && resend.mutate()}>
              Resend invitation
            </button>
            <button type="button" className="ui-button" aria-expanded={confirmRevoke} onClick={() => setConfirmRevoke(true)}>
              Revoke invitation
            </button>
          </>
        ) : (
          <p>No invitation is waiting. Invite this person from the list of employees.</p>
        )}
        {employee.state === 'locked' && !unlocking ? (
          <button type="button" className="ui-button ui-button--primary" onClick={() => setUnlocking(true)}>
            Unlock
          </button>
        ) : null}
      </div>
      {confirmRevoke ? (
        <section className="employer-panel" aria-label="Revoke the invitation">
          <p>Revoke the invitation to {employee.name}? The link or code they were sent will stop working.</p>
          <div className="employer-invite__buttons">
            <button type="button" className="ui-button ui-button--primary" onClick={() => !revoke.isPending && revoke.mutate()}>
              Yes, revoke the invitation
            </button>
            <button type="button" className="ui-button" onClick={() => setConfirmRevoke(false)}>
              Cancel
            </button>
          </div>
        </section>
      ) : null}
      {unlocking ? (
        <UnlockForm
          employerId={employer.id}
          employee={employee}
          onCancel={() => setUnlocking(false)}
          onUnlocked={() => {
            setUnlocking(false);
            after({ title: 'Record unlocked', text: `${employee.name} can link their account again.` });
          }}
        />
      ) : null}

      <h3 id="employer-history-heading">History</h3>
      {events.length === 0 ? (
        <p>Nothing has happened to this record yet.</p>
      ) : (
        <ol className="employer-history" aria-labelledby="employer-history-heading">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <p className="employer-history__what">
                <strong>{EVENT_WORDS[event.kind]}</strong>
                {event.channel ? ` by ${CHANNEL_WORDS[event.channel].toLowerCase()}` : ''}
              </p>
              <p className="employer-history__when">
                <time dateTime={event.at}>{formatLondonTime(event.at)}</time>
                {event.by ? ` by ${event.by.name} (${event.by.email})` : ''}
              </p>
              {event.reason ? <p className="employer-history__reason">Reason: {event.reason}</p> : null}
            </li>
          ))}
        </ol>
      )}

      <MessagesSection employerId={employer.id} employmentId={employmentId} />
    </div>
  );
}

function Details({ data: { employee } }: { data: EmployeeHistory }) {
  return (
    <dl className="employer-details">
      <dt>Employee ID</dt>
      <dd>{employee.externalId}</dd>
      <dt>State</dt>
      <dd>{STATE_WORDS[employee.state]}</dd>
      <dt>Contact</dt>
      <dd>
        <ContactCell row={employee} />
      </dd>
      <dt>Started</dt>
      <dd>{formatLongDate(employee.startDate)}</dd>
      {employee.endDate ? (
        <>
          <dt>Ended</dt>
          <dd>{formatLongDate(employee.endDate)}</dd>
        </>
      ) : null}
      <dt>Invitation</dt>
      <dd>
        {employee.invitation
          ? `Sent by ${CHANNEL_WORDS[employee.invitation.channel].toLowerCase()} ${formatLondonTime(employee.invitation.sentAt)}; works until ${formatLondonTime(employee.invitation.expiresAt)}`
          : 'None waiting'}
      </dd>
      <dt>Failed identity checks</dt>
      <dd>{employee.failedChecks}</dd>
    </dl>
  );
}
