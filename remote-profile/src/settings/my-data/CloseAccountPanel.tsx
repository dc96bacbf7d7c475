// The closing screen: what happens (the sign-in account ends now; what each employer keeps and for
// how long; it cannot be undone), then the second step (the authenticator app's code, else a code
// e-mailed to the sign-in address) and the password. Closed, the browser is signed out and shown
// the confirmation page (/account/closed).
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { signOut, useUserId } from '@portal/shared/contract';
import { useMutation } from '@portal/shared/query';
import { useUserQuery } from '@portal/shared/react/portal-query';
import type { AccountClosing } from '@portal/shared/api/types';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { TextField } from '../../profile/edit/TextField';
import { requiredErrors, useFieldErrors } from '../../profile/edit/use-field-errors';
import '../../profile/profile.css';
import { closeAccount, fetchAccountClosing, sendClosingCode } from './api';
import { closingProblem, employerKeeps } from './closing-text';
import type { ClosingProblem } from './closing-text';

/** Where the browser goes once the account is closed and signed out: the API's confirmation page. */
export const ACCOUNT_CLOSED_PAGE = '/account/closed';

const FIELDS = ['code', 'password'] as const;

export function CloseAccountPanel({ onCancel }: { onCancel: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const {
    data: closing,
    error,
    refetch,
  } = useUserQuery({ key: ['close-account'], fetch: fetchAccountClosing, errorMessage: 'Loading what closing the account means failed.' });

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="profile-my-data__panel">
      <h3 ref={headingRef} tabIndex={-1} className="profile-my-data__subheading">
        What happens when you close your account
      </h3>
      {closing ? (
        <ClosingScreen closing={closing} onCancel={onCancel} />
      ) : error ? (
        <>
          <LoadErrorNotice title="We could not load what closing your account means" error={error} onRetry={() => void refetch()} />
          <button type="button" className="ui-link-button" onClick={onCancel}>
            Cancel
          </button>
        </>
      ) : (
        <Spinner label="Loading…" />
      )}
    </div>
  );
}

function ClosingScreen({ closing, onCancel }: { closing: AccountClosing; onCancel: () => void }) {
  const userId = useUserId();
  const confirmId = useId();
  const hintId = useId();
  const [values, setValues] = useState({ code: '', password: '' });
  const [problem, setProblem] = useState<ClosingProblem | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, refFor, check } = useFieldErrors(FIELDS);
  const byAuthenticator = closing.secondStep === 'authenticator';
  const keeps = employerKeeps(closing.employers);

  const send = useMutation({
    mutationFn: () => sendClosingCode({ userId }),
    onMutate: () => setProblem(null),
    onSuccess: (sent) => setSentTo(sent.sentTo),
    onError: (failure) => setProblem(closingProblem(failure, closing.secondStep)),
  });
  const close = useMutation({
    mutationFn: () => closeAccount({ userId }, { code: values.code.trim(), password: values.password }),
    onMutate: () => setProblem(null),
    // The server has ended the account and its sessions: this device forgets them, then the confirmation.
    onSuccess: () => signOut(ACCOUNT_CLOSED_PAGE),
    onError: (failure) => setProblem(closingProblem(failure, closing.secondStep)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (close.isPending || close.isSuccess) return;
    const missing = requiredErrors(values, {
      code: byAuthenticator ? 'Enter the code from your authenticator app' : 'Enter the code we emailed you',
      password: 'Enter your password',
    });
    if (check(missing)) close.mutate();
  };
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const fieldError = (field: 'code' | 'password') => errors[field] ?? (problem?.field === field ? problem.message : undefined);

  return (
    <>
      <ul className="profile-my-data__list">
        <li>
          Your sign-in account ends now: your email address and password{byAuthenticator ? ', and your authenticator app,' : ''} no longer sign you in, and you
          are signed out on every device.
        </li>
        <li>Your details in the pay portal, your links to your employers and your notification choices are deleted.</li>
      </ul>
      <h3 className="profile-my-data__subheading">What your employers keep</h3>
      <p>Your employers keep their own pay records: they are not deleted, but they are no longer linked to you here.</p>
      {keeps.length > 0 ? (
        <ul className="profile-my-data__list">
          {keeps.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="profile-my-data__warning">
        <strong>You cannot undo this.</strong> To see your payslips here again, you would create a new account and link it to your employer again. You may want
        to download your data first.
      </p>

      <h3 id={confirmId} className="profile-my-data__subheading">
        Confirm it is you
      </h3>
      {problem && problem.field === null ? (
        <Notice tone="error" title="Your account was not closed" onDismiss={() => setProblem(null)}>
          {problem.message}
        </Notice>
      ) : null}
      {close.isSuccess ? (
        <p role="status">Your account is closed. Signing you out…</p>
      ) : (
        <form className="profile-my-data__form" aria-labelledby={confirmId} noValidate onSubmit={submit}>
          {byAuthenticator ? null : (
            <div className="profile-my-data__send">
              <p>
                We will email a 6-digit code to <strong>{closing.email}</strong>. It works once, for 10 minutes.
              </p>
              <button type="button" className="ui-button" onClick={() => send.mutate()} disabled={send.isPending}>
                {sentTo ? 'Email me a new code' : 'Email me a code'}
              </button>
              {sentTo ? <p role="status">We have sent a code to {sentTo}.</p> : null}
            </div>
          )}
          <p id={hintId} className="profile-my-data__hint">
            {byAuthenticator ? 'The 6-digit code your authenticator app shows now, or one of your recovery codes.' : 'The 6-digit code in the email.'}
          </p>
          <TextField
            label={byAuthenticator ? 'Code from your authenticator app' : 'Code from the email'}
            value={values.code}
            onChange={set('code')}
            error={fieldError('code')}
            describedBy={hintId}
            autoComplete="one-time-code"
            inputMode={byAuthenticator ? 'text' : 'numeric'}
            spellCheck={false}
            inputRef={refFor('code')}
          />
          <TextField
            label="Password"
            type="password"
            value={values.password}
            onChange={set('password')}
            error={fieldError('password')}
            autoComplete="current-password"
            spellCheck={false}
            inputRef={refFor('password')}
          />
          <div className="profile-my-data__actions">
            <button type="submit" className="ui-button profile-my-data__danger" disabled={close.isPending}>
              {close.isPending ? 'Closing your account…' : 'Close my account permanently'}
            </button>
            <button type="button" className="ui-link-button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </>
  );
}
