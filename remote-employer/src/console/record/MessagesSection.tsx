// The messages sent about a record (invitations, codes, notices): when, how, what, and where each
// stands with its provider, with the reason of a failure. Never a message's body, code or token.
import type { RecordMessage } from '@portal/shared/api/employer-console';
import { Spinner } from '@portal/shared/ui/Spinner';
import { ConsoleError } from '../components/ConsoleError';
import { useRecordMessages } from '../queries';
import { formatLondonTime } from '@portal/shared/london-time';
import { CHANNEL_WORDS, MESSAGE_KIND_WORDS, MESSAGE_STATE_WORDS } from '../words';

export function MessagesSection({ employerId, employmentId }: { employerId: string; employmentId: string }) {
  const messages = useRecordMessages(employerId, employmentId);
  return (
    <section className="employer-messages" aria-labelledby="employer-messages-heading">
      <h3 id="employer-messages-heading">Messages</h3>
      {messages.isPending ? (
        <Spinner label="Loading the messages…" />
      ) : messages.isError ? (
        <ConsoleError title="The messages could not be loaded" error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.messages.length === 0 ? (
        <p>No messages have been sent about this record.</p>
      ) : (
        <table className="ui-table employer-table">
          <caption className="ui-visually-hidden">Messages, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Channel</th>
              <th scope="col">What</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {messages.data.messages.map((message, index) => (
              <MessageRow key={`${message.at}-${index}`} message={message} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function MessageRow({ message }: { message: RecordMessage }) {
  return (
    <tr>
      <td>
        <time dateTime={message.at}>{formatLondonTime(message.at)}</time>
      </td>
      <td>
        {CHANNEL_WORDS[message.channel]}
        {message.provider ? (
          <>
            <br />
            <span className="employer-muted">through {message.provider}</span>
          </>
        ) : null}
      </td>
      <td>{MESSAGE_KIND_WORDS[message.kind]}</td>
      <td>
        {MESSAGE_STATE_WORDS[message.state]}
        {message.reason ? (
          <>
            <br />
            <span className="employer-muted">Reason: {message.reason}</span>
          </>
        ) : null}
      </td>
    </tr>
  );
}
