// The sign-in history in Settings: attempts of the last 90 days, newest first, ten at a time (the
// API answers the newest 50): when, which browser, from where, and what happened.
import { useId, useState } from 'react';
import type { SignInEvent } from '@portal/shared/api/types';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { useSignIns } from '../security/queries';
import { formatLondonTime } from '../security/london-time';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';

export const SIGN_INS_PER_PAGE = 10;

const SIGN_IN_COLUMNS = [{ label: 'Time' }, { label: 'Device' }, { label: 'Address' }, { label: 'Result' }];

const SECOND_STEPS: Record<NonNullable<SignInEvent['secondStep']>, string> = {
  authenticator: 'a code from the authenticator app',
  'recovery-code': 'a recovery code',
  'new-authenticator': 'a newly set-up authenticator app',
  passkey: 'a passkey',
};

/** What happened, in words: 'Signed in with a code from the authenticator app', 'Wrong password', ... */
export function resultText(event: Pick<SignInEvent, 'result' | 'method' | 'secondStep'>): string {
  const step = event.secondStep ? SECOND_STEPS[event.secondStep] : null;
  switch (event.result) {
    case 'signed-in':
      if (event.method === 'passkey') return 'Signed in with a passkey';
      return step ? `Signed in with ${step}` : 'Signed in with a password';
    case 'wrong-password':
      return 'Wrong password';
    case 'second-step-failed':
      return step ? `Second step failed: wrong ${step.replace(/^an? /, '')}` : 'Second step failed';
  }
}

export function SignInHistory() {
  const headingId = useId();
  const signIns = useSignIns();
  const [shown, setShown] = useState(SIGN_INS_PER_PAGE);

  return (
    <section className="profile-security__part" aria-labelledby={headingId}>
      <h2 id={headingId}>Recent sign-ins</h2>
      <p>Every attempt to sign in to your account in the last 90 days. If one was not you, change your password.</p>
      {signIns.isPending ? (
        <Spinner label="Loading your recent sign-ins…" />
      ) : signIns.isError ? (
        <Notice tone="error" title="Your recent sign-ins could not be loaded">
          <button type="button" className="ui-button" onClick={() => void signIns.refetch()}>
            Try again
          </button>
        </Notice>
      ) : signIns.data.length === 0 ? (
        <p>No sign-ins in the last 90 days.</p>
      ) : (
        <>
          <ResponsiveTable caption="Sign-ins, newest first" columns={SIGN_IN_COLUMNS} className="profile-security__table">
            {signIns.data.slice(0, shown).map((event) => (
              <ResponsiveRow key={event.id}>
                <ResponsiveCell label="Time" rowHeader>
                  <time dateTime={event.at}>{formatLondonTime(event.at)}</time>
                </ResponsiveCell>
                <ResponsiveCell label="Device">
                  {event.browser} on {event.system}
                </ResponsiveCell>
                <ResponsiveCell label="Address">{event.ipAddress ?? 'Unknown'}</ResponsiveCell>
                <ResponsiveCell label="Result">{resultText(event)}</ResponsiveCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTable>
          {signIns.data.length > shown ? (
            <button type="button" className="ui-button" onClick={() => setShown(shown + SIGN_INS_PER_PAGE)}>
              Show more sign-ins
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
