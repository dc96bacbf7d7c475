// What an invitation run did: how many were invited, and who was not, with the reason in words.
import type { InvitationChannel, InvitationResult, InvitationSkipReason } from '@portal/shared/api/employer-console';
import { Notice } from '@portal/shared/ui/Notice';
import { CHANNEL_WORDS, employeesCount, skipReasonWords } from '../words';

export type InvitationSummaryProps = {
  result: InvitationResult;
  channel: InvitationChannel;
  /** Names of the records the admin saw, by id; others are counted. */
  names: ReadonlyMap<string, string>;
  onDismiss: () => void;
};

export function InvitationSummary({ result, channel, names, onDismiss }: InvitationSummaryProps) {
  const byReason = new Map<InvitationSkipReason, string[]>();
  for (const { id, reason } of result.skipped) byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
  const who = (ids: readonly string[]) => {
    const known = ids.map((id) => names.get(id)).filter((name): name is string => name !== undefined);
    const others = ids.length - known.length;
    return [...known, ...(others > 0 ? [known.length > 0 ? `${employeesCount(others)} more` : employeesCount(others)] : [])].join(', ');
  };
  const invited = result.invited.length;
  return (
    <Notice
      tone={invited > 0 ? 'success' : 'info'}
      title={`Invited ${employeesCount(invited)} by ${CHANNEL_WORDS[channel].toLowerCase()}`}
      onDismiss={onDismiss}
    >
      {result.skipped.length > 0 ? (
        <>
          <p>Not invited: {employeesCount(result.skipped.length)}.</p>
          <ul>
            {[...byReason].map(([reason, ids]) => (
              <li key={reason}>
                {skipReasonWords(reason)} ({who(ids)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Notice>
  );
}
