// The signed-in sessions in Settings: each with its browser and system, address, start and last use,
// "This device" marked; "Sign out of this one" for each other session and "Sign out everywhere else".
// Ending a session is refused at once by the API everywhere; the list is asked for again.
import { getApiErrorMessage } from '@portal/shared/api/client';
import { useId, useState } from 'react';
import { useMutation } from '@portal/shared/query';
import { useRequestScope } from '@portal/shared/contract';
import type { SignedInSession } from '@portal/shared/api/types';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { endOtherSessions, endSession } from '../security/api';
import { useRefresh, useSessions } from '../security/queries';
import { formatLondonTime } from '@portal/shared/london-time';
import { settingsTexts } from '../messages';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';

const t = settingsTexts.t;

const sessionColumns = () => [
  { label: t('device') },
  { label: t('address') },
  { label: t('signedIn') },
  { label: t('lastUsed') },
  { label: t('action'), labelHidden: true },
];

export const deviceName = (session: Pick<SignedInSession, 'browser' | 'system'>) => t('deviceName', { browser: session.browser, system: session.system });

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
    onSuccess: (_, s) => after(t('signedOutOf', { device: deviceName(s) })),
  });
  const endOthers = useMutation({
    mutationFn: () => endOtherSessions(scope),
    onSuccess: ({ ended }) => after(t('signedOutOthers', { count: ended })),
  });
  const failure = endOne.error ?? endOthers.error;
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <section className="profile-security__part" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sessionsHeading')}</h2>
      {done ? <Notice tone="success" title={done} onDismiss={() => setDone(null)} /> : null}
      {failure ? (
        <Notice
          tone="error"
          title={getApiErrorMessage(failure)}
          onDismiss={() => {
            endOne.reset();
            endOthers.reset();
          }}
        />
      ) : null}
      {sessions.isPending ? (
        <Spinner label={t('loadingSessions')} />
      ) : sessions.isError ? (
        <Notice tone="error" title={t('sessionsFailed')}>
          <button type="button" className="ui-button" onClick={() => void sessions.refetch()}>
            {t('tryAgain')}
          </button>
        </Notice>
      ) : (
        <>
          <ResponsiveTable caption={t('activeSessions')} columns={sessionColumns()} className="profile-security__table">
            {sessions.data.map((session) => (
              <ResponsiveRow key={session.id}>
                <ResponsiveCell label={t('device')}>
                  {deviceName(session)}
                  {session.current ? (
                    <>
                      {' '}
                      <strong className="profile-security__tag">{t('thisDevice')}</strong>
                    </>
                  ) : null}
                </ResponsiveCell>
                <ResponsiveCell label={t('address')}>{session.ipAddress ?? t('unknown')}</ResponsiveCell>
                <ResponsiveCell label={t('signedIn')}>
                  <time dateTime={session.startedAt}>{formatLondonTime(session.startedAt)}</time>
                </ResponsiveCell>
                <ResponsiveCell label={t('lastUsed')}>
                  <time dateTime={session.lastUsedAt}>{formatLondonTime(session.lastUsedAt)}</time>
                </ResponsiveCell>
                <ResponsiveCell>
                  {session.current ? null : (
                    <button type="button" className="ui-button" disabled={endOne.isPending} onClick={() => endOne.mutate(session)}>
                      {t('signOutThis')}
                      <span className="ui-visually-hidden">
                        {' '}
                        {t('signOutThisDetail', { device: deviceName(session), time: formatLondonTime(session.startedAt) })}
                      </span>
                    </button>
                  )}
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTable>
          {others.length > 0 ? (
            <button type="button" className="ui-button" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
              {t('signOutElsewhere')}
            </button>
          ) : (
            <p>{t('thisDeviceOnly')}</p>
          )}
        </>
      )}
    </section>
  );
}
