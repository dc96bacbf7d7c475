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
import { withElement } from '@portal/shared/react/with-element';
import { settingsTexts } from '../messages';

const t = settingsTexts.t;

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
        {t('whatHappens')}
      </h3>
      {closing ? (
        <ClosingScreen closing={closing} onCancel={onCancel} />
      ) : error ? (
        <>
          <LoadErrorNotice title={t('closingLoadFailed')} error={error} onRetry={() => void refetch()} />
          <button type="button" className="ui-link-button" onClick={onCancel}>
            {t('cancel')}
          </button>
        </>
      ) : (
        <Spinner label={t('loading')} />
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
      code: t(byAuthenticator ? 'enterCodeFromApp' : 'enterCodeFromEmail'),
      password: t('enterPassword'),
    });
    if (check(missing)) close.mutate();
  };
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const fieldError = (field: 'code' | 'password') => errors[field] ?? (problem?.field === field ? problem.message : undefined);

  return (
    <>
      <ul className="profile-my-data__list">
        <li>{t(byAuthenticator ? 'accountEndsAuthenticator' : 'accountEnds')}</li>
        <li>{t('detailsDeleted')}</li>
      </ul>
      <h3 className="profile-my-data__subheading">{t('employersKeepHeading')}</h3>
      <p>{t('employersKeep')}</p>
      {keeps.length > 0 ? (
        <ul className="profile-my-data__list">
          {keeps.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="profile-my-data__warning">
        <strong>{t('cannotUndo')}</strong> {t('cannotUndoText')}
      </p>

      <h3 id={confirmId} className="profile-my-data__subheading">
        {t('confirmItIsYou')}
      </h3>
      {problem && problem.field === null ? (
        <Notice tone="error" title={t('notClosed')} onDismiss={() => setProblem(null)}>
          {problem.message}
        </Notice>
      ) : null}
      {close.isSuccess ? (
        <p role="status">{t('closed')}</p>
      ) : (
        <form className="profile-my-data__form" aria-labelledby={confirmId} noValidate onSubmit={submit}>
          {byAuthenticator ? null : (
            <div className="profile-my-data__send">
              <p>{withElement((marker) => t('willEmailCode', { email: marker }), <strong>{closing.email}</strong>)}</p>
              <button type="button" className="ui-button" onClick={() => send.mutate()} disabled={send.isPending}>
                {sentTo ? t('emailNewCode') : t('emailCode')}
              </button>
              {sentTo ? <p role="status">{t('codeSentTo', { email: sentTo })}</p> : null}
            </div>
          )}
          <p id={hintId} className="profile-my-data__hint">
            {t(byAuthenticator ? 'codeHintAuthenticator' : 'codeHintEmail')}
          </p>
          <TextField
            label={t(byAuthenticator ? 'codeFromApp' : 'codeFromEmail')}
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
            label={t('password')}
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
              {close.isPending ? t('closing') : t('closePermanently')}
            </button>
            <button type="button" className="ui-link-button" onClick={onCancel}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
