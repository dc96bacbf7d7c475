// The sign-in history in Settings: attempts of the last 90 days, newest first, ten at a time (the
// API answers the newest 50): when, which browser, from where, and what happened.
import { useId, useState } from 'react';
import type { SignInEvent } from '@portal/shared/api/types';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { useSignIns } from '../security/queries';
import { formatLondonTime } from '@portal/shared/london-time';
import { settingsTexts } from '../messages';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';

export const SIGN_INS_PER_PAGE = 10;

const t = settingsTexts.t;

const signInColumns = () => [{ label: t('time') }, { label: t('device') }, { label: t('address') }, { label: t('result') }];

/** Each second step as its texts' select key (ICU keys cannot hold a hyphen). */
const STEP_KEY: Record<NonNullable<SignInEvent['secondStep']>, string> = {
  authenticator: 'authenticator',
  'recovery-code': 'recoveryCode',
  'new-authenticator': 'newAuthenticator',
  passkey: 'passkey',
};

/** What happened, in words: 'Signed in with a code from the authenticator app', 'Wrong password', ... */
export function resultText(event: Pick<SignInEvent, 'result' | 'method' | 'secondStep'>): string {
  const step = event.secondStep ? STEP_KEY[event.secondStep] : null;
  switch (event.result) {
    case 'signed-in':
      return t('signedInWith', { step: event.method === 'passkey' ? 'passkey' : (step ?? 'password') });
    case 'wrong-password':
      return t('wrongPassword');
    case 'second-step-failed':
      return t('secondStepFailed', { step: step ?? 'none' });
  }
}

export function SignInHistory() {
  const headingId = useId();
  const signIns = useSignIns();
  const [shown, setShown] = useState(SIGN_INS_PER_PAGE);

  return (
    <section className="profile-security__part" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('signInsHeading')}</h2>
      <p>{t('signInsText')}</p>
      {signIns.isPending ? (
        <Spinner label={t('loadingSignIns')} />
      ) : signIns.isError ? (
        <Notice tone="error" title={t('signInsFailed')}>
          <button type="button" className="ui-button" onClick={() => void signIns.refetch()}>
            {t('tryAgain')}
          </button>
        </Notice>
      ) : signIns.data.length === 0 ? (
        <p>{t('noSignIns')}</p>
      ) : (
        <>
          <ResponsiveTable caption={t('signInsCaption')} columns={signInColumns()} className="profile-security__table">
            {signIns.data.slice(0, shown).map((event) => (
              <ResponsiveRow key={event.id}>
                <ResponsiveCell label={t('time')} rowHeader>
                  <time dateTime={event.at}>{formatLondonTime(event.at)}</time>
                </ResponsiveCell>
                <ResponsiveCell label={t('device')}>{t('deviceName', { browser: event.browser, system: event.system })}</ResponsiveCell>
                <ResponsiveCell label={t('address')}>{event.ipAddress ?? t('unknown')}</ResponsiveCell>
                <ResponsiveCell label={t('result')}>{resultText(event)}</ResponsiveCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTable>
          {signIns.data.length > shown ? (
            <button type="button" className="ui-button" onClick={() => setShown(shown + SIGN_INS_PER_PAGE)}>
              {t('showMoreSignIns')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
