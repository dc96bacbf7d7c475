// The audit log: a table, more entries on request (the API's cursor), and the whole log as CSV.
import { useState } from 'react';
import type { AuditEntry, ConsoleEmployer } from '@portal/shared/api/employer-console';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { Spinner } from '@portal/shared/ui/Spinner';
import { auditCsvUrl } from '../api';
import { ConsoleError } from '../components/ConsoleError';
import { useAuditFirstPage, useAuditPageLoader } from '../queries';
import { formatLondonTime } from '@portal/shared/london-time';
import { AUDIT_ACTION_WORDS } from '../words';

export function AuditScreen({ employer }: { employer: ConsoleEmployer }) {
  const first = useAuditFirstPage(employer.id);
  const loadPage = useAuditPageLoader(employer.id);
  const [more, setMore] = useState<{ entries: AuditEntry[]; next: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);

  const download = (
    <p>
      <a className="ui-view-link" href={auditCsvUrl(getRuntimeConfig().apiBaseUrl, employer.id)} download>
        Download CSV
      </a>
    </p>
  );
  if (first.isPending) return <Spinner label="Loading the audit log…" />;
  if (first.isError) return <ConsoleError title="The audit log could not be loaded" error={first.error} onRetry={() => void first.refetch()} />;

  const entries = [...first.data.entries, ...(more?.entries ?? [])];
  const next = more ? more.next : first.data.next;
  const loadMore = async () => {
    if (!next || loading) return;
    setLoading(true);
    setMoreError(null);
    try {
      const page = await loadPage(next);
      setMore((current) => ({ entries: [...(current?.entries ?? []), ...page.entries], next: page.next }));
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="employer-audit">
      <h2>Audit log</h2>
      {download}
      {entries.length === 0 ? (
        <p>Nothing has been done in the console yet.</p>
      ) : (
        <table className="ui-table employer-table">
          <caption className="ui-visually-hidden">Audit log, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Admin</th>
              <th scope="col">Action</th>
              <th scope="col">Records</th>
              <th scope="col">Detail</th>
              <th scope="col">Address</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.at}>{formatLondonTime(entry.at)}</time>
                </td>
                <td>
                  {entry.actor.name}
                  <br />
                  <span className="employer-muted">{entry.actor.email}</span>
                </td>
                <td>{AUDIT_ACTION_WORDS[entry.action]}</td>
                <td>{entry.records.join(', ')}</td>
                <td>{entry.detail}</td>
                <td>{entry.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {moreError ? <ConsoleError title="More entries could not be loaded" error={moreError} /> : null}
      {next ? (
        <button type="button" className="ui-button" aria-disabled={loading || undefined} onClick={() => void loadMore()}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
