// Inviting: the selected records by email or by text, or everyone not yet linked after a confirmation
// that names how many that is.
import { useId, useState } from 'react';
import { useMutation } from '@portal/shared/query';
import type { EmployeeRow, InvitationChannel, InvitationRequest, InvitationResult } from '@portal/shared/api/employer-console';
import { Notice } from '@portal/shared/ui/Notice';
import { sendInvitations } from '../api';
import { ConsoleError } from '../components/ConsoleError';
import { useEmployees, useRefreshEmployer } from '../queries';
import { CHANNEL_WORDS, employeesCount } from '../words';

export type InviteActionsProps = {
  employerId: string;
  rows: readonly EmployeeRow[];
  selected: ReadonlySet<string>;
  onInvited: (result: InvitationResult, channel: InvitationChannel, names: ReadonlyMap<string, string>) => void;
};

export function InviteActions({ employerId, rows, selected, onInvited }: InviteActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [nothingSelected, setNothingSelected] = useState(false);
  const refresh = useRefreshEmployer();
  const invite = useMutation({
    mutationFn: (request: InvitationRequest) => sendInvitations(employerId, request),
    onSuccess: (result, request) => {
      setConfirming(false);
      onInvited(result, request.channel, new Map(rows.map(({ id, name }) => [id, name])));
      void refresh(employerId);
    },
  });

  const inviteSelected = (channel: InvitationChannel) => {
    if (invite.isPending) return;
    if (selected.size === 0) {
      setNothingSelected(true);
      return;
    }
    setNothingSelected(false);
    invite.mutate({ channel, employmentIds: [...selected] });
  };

  return (
    <div className="employer-invite">
      {nothingSelected && selected.size === 0 ? (
        <Notice tone="error" title="Select who to invite" onDismiss={() => setNothingSelected(false)}>
          <p>Tick the employees to invite in the table, or use “Invite everyone not yet linked”.</p>
        </Notice>
      ) : null}
      {invite.isError ? <ConsoleError title="The invitations were not sent" error={invite.error} /> : null}
      <div className="employer-invite__buttons">
        <button type="button" className="ui-button ui-button--primary" onClick={() => inviteSelected('email')} aria-disabled={invite.isPending || undefined}>
          Invite by email
        </button>
        <button type="button" className="ui-button ui-button--primary" onClick={() => inviteSelected('sms')} aria-disabled={invite.isPending || undefined}>
          Invite by text
        </button>
        <button type="button" className="ui-button" onClick={() => setConfirming(true)} aria-expanded={confirming}>
          Invite everyone not yet linked
        </button>
        <span className="employer-invite__count" aria-live="polite">
          {selected.size > 0 ? `${employeesCount(selected.size)} selected` : ''}
        </span>
      </div>
      {confirming ? (
        <ConfirmEveryone
          employerId={employerId}
          sending={invite.isPending}
          onConfirm={(channel) => invite.mutate({ channel, everyoneNotLinked: true })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

function ConfirmEveryone({
  employerId,
  sending,
  onConfirm,
  onCancel,
}: {
  employerId: string;
  sending: boolean;
  onConfirm: (channel: InvitationChannel) => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const [channel, setChannel] = useState<InvitationChannel>('email');
  // Those never invited: everyone else not linked is invited already, locked or ended, and skipped.
  const notInvited = useEmployees(employerId, { state: 'not_invited', page: 1, pageSize: 1 });
  const count = notInvited.data?.total;

  return (
    <section className="employer-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>Invite everyone not yet linked</h3>
      {count === undefined ? (
        notInvited.isError ? (
          <ConsoleError title="We could not count who would be invited" error={notInvited.error} onRetry={() => void notInvited.refetch()} />
        ) : (
          <p>Counting who would be invited…</p>
        )
      ) : (
        <>
          <p>
            This invites the {employeesCount(count)} who have not been invited yet. Records that are linked, already invited, locked or ended are not invited
            again.
          </p>
          <fieldset className="employer-radios">
            <legend>How to invite them</legend>
            {(['email', 'sms'] as const).map((value) => (
              <label key={value}>
                <input type="radio" name="everyone-channel" value={value} checked={channel === value} onChange={() => setChannel(value)} />{' '}
                {value === 'email' ? 'By email' : 'By text message'}
              </label>
            ))}
          </fieldset>
          <div className="employer-invite__buttons">
            <button
              type="button"
              className="ui-button ui-button--primary"
              aria-disabled={sending || count === 0 || undefined}
              onClick={() => {
                if (!sending && count > 0) onConfirm(channel);
              }}
            >
              {`Invite ${employeesCount(count)} by ${CHANNEL_WORDS[channel].toLowerCase()}`}
            </button>
            <button type="button" className="ui-button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </>
      )}
    </section>
  );
}
