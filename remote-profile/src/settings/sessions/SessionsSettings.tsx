// The signed-in sessions in Settings: each with its browser and system, address, start and last use,
// "This device" marked; "Sign out of this one" for each other session and "Sign out everywhere else".
// Ending a session is refused at once by the API everywhere; the list is asked for again.
import { useId, useState } from 'react';
import { useMutation } from '@portal/shared/query';
import { useRequestScope } from '@portal/shared/contract';
import { securityErrorMessage } from '../security/error-message';
import type { SignedInSession } from '@portal/shared/api/types';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { endOtherSessions, endSession } from '../security/api';
import { useRefresh, useSessions } from '../security/queries';
import { formatLondonTime } from '../security/london-time';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';

const SESSION_COLUMNS = [{ label: 'Device' }, { label: 'Address' }, { label: 'Signed in' }, { label: 'Last used' }, { label: 'Action', labelHidden: true }];

export const deviceName = (session: Pick<SignedInSession, 'browser' | 'system'>) => `${session.browser} on ${session.system}`;

export function SessionsSettings() {
  const headingId = useId();
  const sessions = useSessions();
  const refresh = useRefresh();
  const scope = useRequestScope();
  const [done, setDone] = useState<string | null>(null);
  const after = (message: string) => {
    setDone(message);
    void refresh('sessions');
  };
  const endOne = useMutation({
    mutationFn: (session: SignedInSession) => endSession(scope, session.id),
    onSuccess: (_, s) => after(`Signed out of ${deviceName(s)}`),
  });
  const endOthers = useMutation({
    mutationFn: () => endOtherSessions(scope),
    onSuccess: ({ ended }) => after(ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${ended} other sessions`),
  });
  const failure = endOne.error ?? endOthers.error;
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <section className="profile-security__part" aria-labelledby={headingId}>
      <h2 id={headingId}>Where you are signed in</h2>
      {done ? <Notice tone="success" title={done} onDismiss={() => setDone(null)} /> : null}
      {failure ? (
        <Notice
          tone="error"
          title={securityErrorMessage(failure)}
          onDismiss={() => {
            endOne.reset();
            endOthers.reset();
          }}
        />
      ) : null}
      {sessions.isPending ? (
        <Spinner label="Loading your sessions…" />
      ) : sessions.isError ? (
        <Notice tone="error" title="Your sessions could not be loaded">
          <button type="button" className="ui-button" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </Notice>
      ) : (
        <>
          <ResponsiveTable caption="Your active sessions" columns={SESSION_COLUMNS} className="profile-security__table">
            {sessions.data.map((session) => (
              <ResponsiveRow key={session.id}>
                <ResponsiveCell label="Device">
                  {deviceName(session)}
                  {session.current ? (
                    <>
                      {' '}
                      <strong className="profile-security__tag">This device</strong>
                    </>
                  ) : null}
                </ResponsiveCell>
                <ResponsiveCell label="Address">{session.ipAddress ?? 'Unknown'}</ResponsiveCell>
                <ResponsiveCell label="Signed in">
                  <time dateTime={session.startedAt}>{formatLondonTime(session.startedAt)}</time>
                </ResponsiveCell>
                <ResponsiveCell label="Last used">
                  <time dateTime={session.lastUsedAt}>{formatLondonTime(session.lastUsedAt)}</time>
                </ResponsiveCell>
                <ResponsiveCell>
                  {session.current ? null : (
                    <button type="button" className="ui-button" disabled={endOne.isPending} onClick={() => endOne.mutate(session)}>
                      Sign out of this one
                      <span className="ui-visually-hidden">
                        {' '}
                        ({deviceName(session)}, signed in {formatLondonTime(session.startedAt)})
                      </span>
                    </button>
                  )}
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTable>
          {others.length > 0 ? (
            <button type="button" className="ui-button" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
              Sign out everywhere else
            </button>
          ) : (
            <p>You are signed in on this device only.</p>
          )}
        </>
      )}
    </section>
  );
}
