// Two-step sign-in in Settings: whether it is on; turning it on (the QR code and the key as text, a
// code from the app, then the ten recovery codes shown once with copy and download); new recovery
// codes (a code from the app); turning it off (a code or the password). An employer admin keeps it on.
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import { useRequestScope } from '@portal/shared/contract';
import { securityErrorMessage } from '../security/error-message';
import type { TwoStepSetUp } from '@portal/shared/api/types';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { confirmTwoStep, replaceRecoveryCodes, startTwoStepSetUp, turnOffTwoStep } from '../security/api';
import { useRefresh, useTwoStep } from '../security/queries';
import { QrCode } from './QrCode';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { CodeField } from './CodeField';

type View =
  | { step: 'status' }
  | { step: 'set-up'; setUp: TwoStepSetUp }
  | { step: 'codes'; codes: string[]; turnedOn: boolean }
  | { step: 'new-codes' }
  | { step: 'turn-off' };

export function TwoStepSettings() {
  const headingId = useId();
  const status = useTwoStep();
  const [view, setView] = useState<View>({ step: 'status' });
  const [done, setDone] = useState<string | null>(null);
  const refresh = useRefresh();
  const back = (message: string | null = null) => {
    setView({ step: 'status' });
    setDone(message);
    void refresh('two-step');
  };

  return (
    <section className="profile-security__part" aria-labelledby={headingId}>
      <h2 id={headingId}>Two-step sign-in</h2>
      <p>Signing in asks for a code from an authenticator app on your phone as well as your password, so your password alone cannot get into your account.</p>
      {done ? <Notice tone="success" title={done} onDismiss={() => setDone(null)} /> : null}
      {status.isPending ? (
        <Spinner label="Loading two-step sign-in…" />
      ) : status.isError ? (
        <Notice tone="error" title="Two-step sign-in could not be loaded">
          <p>{securityErrorMessage(status.error)}</p>
          <button type="button" className="ui-button" onClick={() => void status.refetch()}>
            Try again
          </button>
        </Notice>
      ) : view.step === 'set-up' ? (
        <SetUpForm setUp={view.setUp} onCancel={() => back()} onConfirmed={(codes) => setView({ step: 'codes', codes, turnedOn: true })} />
      ) : view.step === 'codes' ? (
        <RecoveryCodesPanel codes={view.codes} onDone={() => back(view.turnedOn ? 'Two-step sign-in is on' : 'Your new recovery codes are ready')} />
      ) : view.step === 'new-codes' ? (
        <NewCodesForm onCancel={() => back()} onReplaced={(codes) => setView({ step: 'codes', codes, turnedOn: false })} />
      ) : view.step === 'turn-off' ? (
        <TurnOffForm onCancel={() => back()} onTurnedOff={() => back('Two-step sign-in is off')} />
      ) : status.data.on ? (
        <>
          <p className="profile-security__state">
            <strong>On.</strong> You have {status.data.recoveryCodesLeft} {status.data.recoveryCodesLeft === 1 ? 'recovery code' : 'recovery codes'} left.
          </p>
          {status.data.required ? <p>As an employer admin you must keep two-step sign-in on.</p> : null}
          <div className="profile-security__actions">
            <button type="button" className="ui-button" onClick={() => setView({ step: 'new-codes' })}>
              Make new recovery codes
            </button>
            {status.data.required ? null : (
              <button type="button" className="ui-button" onClick={() => setView({ step: 'turn-off' })}>
                Turn off two-step sign-in
              </button>
            )}
          </div>
        </>
      ) : (
        <>
          <p className="profile-security__state">
            <strong>Off.</strong> Your password alone signs you in.
          </p>
          <StartButton onStarted={(setUp) => setView({ step: 'set-up', setUp })} />
        </>
      )}
    </section>
  );
}

function StartButton({ onStarted }: { onStarted: (setUp: TwoStepSetUp) => void }) {
  const scope = useRequestScope();
  const start = useMutation({ mutationFn: () => startTwoStepSetUp(scope), onSuccess: onStarted });
  return (
    <>
      {start.isError ? <Notice tone="error" title={securityErrorMessage(start.error)} onDismiss={() => start.reset()} /> : null}
      <button type="button" className="ui-button ui-button--primary" disabled={start.isPending} onClick={() => start.mutate()}>
        Turn on two-step sign-in
      </button>
    </>
  );
}

function SetUpForm({ setUp, onCancel, onConfirmed }: { setUp: TwoStepSetUp; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const scope = useRequestScope();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const confirm = useMutation({
    mutationFn: (value: string) => confirmTwoStep(scope, value),
    onSuccess: (answer) => onConfirmed(answer.recoveryCodes),
    onError: (err) => {
      setError(securityErrorMessage(err));
      input.current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter the 6-digit code from your authenticator app');
      input.current?.focus();
      return;
    }
    confirm.mutate(code.trim());
  };
  return (
    <form className="profile-security__form" onSubmit={submit} noValidate>
      <ol className="profile-security__steps">
        <li>
          <p>Open your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password) and scan this QR code.</p>
          <QrCode rows={setUp.qr.rows} label="QR code of the key for your authenticator app" />
        </li>
        <li>
          <p>
            If you cannot scan it, enter this key in the app instead: <code className="profile-security__key">{setUp.key}</code>
          </p>
        </li>
        <li>
          <CodeField label="Code from your app" value={code} onChange={setCode} error={error} inputRef={input} />
        </li>
      </ol>
      <div className="profile-security__actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={confirm.isPending}>
          Turn on
        </button>
        <button type="button" className="ui-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function NewCodesForm({ onCancel, onReplaced }: { onCancel: () => void; onReplaced: (codes: string[]) => void }) {
  const scope = useRequestScope();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const replace = useMutation({
    mutationFn: (value: string) => replaceRecoveryCodes(scope, value),
    onSuccess: (answer) => onReplaced(answer.recoveryCodes),
    onError: (err) => {
      setError(securityErrorMessage(err));
      input.current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter the 6-digit code from your authenticator app');
      input.current?.focus();
      return;
    }
    replace.mutate(code.trim());
  };
  return (
    <form className="profile-security__form" onSubmit={submit} noValidate>
      <p>New recovery codes replace your old ones, which stop working.</p>
      <CodeField label="Code from your app" value={code} onChange={setCode} error={error} inputRef={input} />
      <div className="profile-security__actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={replace.isPending}>
          Make new codes
        </button>
        <button type="button" className="ui-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TurnOffForm({ onCancel, onTurnedOff }: { onCancel: () => void; onTurnedOff: () => void }) {
  const scope = useRequestScope();
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const passwordId = useId();
  const passwordErrorId = `${passwordId}-error`;
  const turnOff = useMutation({
    mutationFn: (proof: { code: string } | { password: string }) => turnOffTwoStep(scope, proof),
    onSuccess: onTurnedOff,
    onError: (err) => {
      setError(securityErrorMessage(err));
      input.current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(withPassword ? 'Enter your password' : 'Enter the 6-digit code from your authenticator app');
      input.current?.focus();
      return;
    }
    turnOff.mutate(withPassword ? { password: value } : { code: value.trim() });
  };
  const switchProof = () => {
    setWithPassword(!withPassword);
    setValue('');
    setError(null);
  };
  return (
    <form className="profile-security__form" onSubmit={submit} noValidate>
      <p>Without two-step sign-in, your password alone signs you in. Your recovery codes stop working.</p>
      {withPassword ? (
        <div className="profile-field">
          <label htmlFor={passwordId} className="profile-field__label">
            Your password
          </label>
          {error ? (
            <p id={passwordErrorId} className="profile-field__error">
              <span className="ui-visually-hidden">Error: </span>
              {error}
            </p>
          ) : null}
          <input
            ref={input}
            id={passwordId}
            className="profile-field__input ui-focus-ring"
            type="password"
            autoComplete="current-password"
            value={value}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? passwordErrorId : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
      ) : (
        <CodeField label="Code from your app" value={value} onChange={setValue} error={error} inputRef={input} />
      )}
      <p>
        <button type="button" className="ui-link-button" onClick={switchProof}>
          {withPassword ? 'Use a code from your app instead' : 'Use your password instead'}
        </button>
      </p>
      <div className="profile-security__actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={turnOff.isPending}>
          Turn off
        </button>
        <button type="button" className="ui-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
