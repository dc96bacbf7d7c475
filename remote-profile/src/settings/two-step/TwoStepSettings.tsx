// Two-step sign-in in Settings: whether it is on; turning it on (the QR code and the key as text, a
// code from the app, then the ten recovery codes shown once with copy and download); new recovery
// codes (a code from the app); turning it off (a code or the password). An employer admin keeps it on.
import { getApiErrorMessage } from '@portal/shared/api/client';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import { useRequestScope } from '@portal/shared/contract';
import type { TwoStepSetUp } from '@portal/shared/api/types';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { confirmTwoStep, replaceRecoveryCodes, startTwoStepSetUp, turnOffTwoStep } from '../security/api';
import { useRefresh, useTwoStep } from '../security/queries';
import { QrCode } from './QrCode';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { CodeField } from './CodeField';
import { withElement } from '@portal/shared/react/with-element';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { settingsTexts } from '../messages';

const t = settingsTexts.t;

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
      <h2 id={headingId}>{t('twoStepHeading')}</h2>
      <p>{t('twoStepText')}</p>
      {done ? <Notice tone="success" title={done} onDismiss={() => setDone(null)} /> : null}
      {status.isPending ? (
        <Spinner label={t('loadingTwoStep')} />
      ) : status.isError ? (
        <Notice tone="error" title={t('twoStepFailed')}>
          <p>{getApiErrorMessage(status.error)}</p>
          <button type="button" className="ui-button" onClick={() => void status.refetch()}>
            {t('tryAgain')}
          </button>
        </Notice>
      ) : view.step === 'set-up' ? (
        <SetUpForm setUp={view.setUp} onCancel={() => back()} onConfirmed={(codes) => setView({ step: 'codes', codes, turnedOn: true })} />
      ) : view.step === 'codes' ? (
        <RecoveryCodesPanel codes={view.codes} onDone={() => back(t(view.turnedOn ? 'twoStepOnDone' : 'newCodesReady'))} />
      ) : view.step === 'new-codes' ? (
        <NewCodesForm onCancel={() => back()} onReplaced={(codes) => setView({ step: 'codes', codes, turnedOn: false })} />
      ) : view.step === 'turn-off' ? (
        <TurnOffForm onCancel={() => back()} onTurnedOff={() => back(t('twoStepOffDone'))} />
      ) : status.data.on ? (
        <>
          <p className="profile-security__state">
            <strong>{t('on')}</strong> {t('codesLeft', { count: status.data.recoveryCodesLeft })}
          </p>
          {status.data.required ? <p>{t('twoStepRequired')}</p> : null}
          <div className="profile-security__actions">
            <button type="button" className="ui-button" onClick={() => setView({ step: 'new-codes' })}>
              {t('makeNewCodes')}
            </button>
            {status.data.required ? null : (
              <button type="button" className="ui-button" onClick={() => setView({ step: 'turn-off' })}>
                {t('turnOffTwoStep')}
              </button>
            )}
          </div>
        </>
      ) : (
        <>
          <p className="profile-security__state">
            <strong>{t('off')}</strong> {t('passwordAlone')}
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
      {start.isError ? <Notice tone="error" title={getApiErrorMessage(start.error)} onDismiss={() => start.reset()} /> : null}
      <button type="button" className="ui-button ui-button--primary" disabled={start.isPending} onClick={() => start.mutate()}>
        {t('turnOnTwoStep')}
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
      setError(getApiErrorMessage(err));
      input.current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('enterAppCode'));
      input.current?.focus();
      return;
    }
    confirm.mutate(code.trim());
  };
  return (
    <form className="profile-security__form" onSubmit={submit} noValidate>
      <ol className="profile-security__steps">
        <li>
          <p>{t('scanQr')}</p>
          <QrCode rows={setUp.qr.rows} label={t('qrLabel')} />
        </li>
        <li>
          <p>{withElement((marker) => t('enterKey', { key: marker }), <code className="profile-security__key">{setUp.key}</code>)}</p>
        </li>
        <li>
          <CodeField label={t('codeFromYourApp')} value={code} onChange={setCode} error={error} inputRef={input} />
        </li>
      </ol>
      <div className="profile-security__actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={confirm.isPending}>
          {t('turnOn')}
        </button>
        <button type="button" className="ui-button" onClick={onCancel}>
          {t('cancel')}
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
      setError(getApiErrorMessage(err));
      input.current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('enterAppCode'));
      input.current?.focus();
      return;
    }
    replace.mutate(code.trim());
  };
  return (
    <form className="profile-security__form" onSubmit={submit} noValidate>
      <p>{t('newCodesText')}</p>
      <CodeField label={t('codeFromYourApp')} value={code} onChange={setCode} error={error} inputRef={input} />
      <div className="profile-security__actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={replace.isPending}>
          {t('makeNewCodesShort')}
        </button>
        <button type="button" className="ui-button" onClick={onCancel}>
          {t('cancel')}
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
      setError(getApiErrorMessage(err));
      input.current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(t(withPassword ? 'enterPassword' : 'enterAppCode'));
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
      <p>{t('turnOffText')}</p>
      {withPassword ? (
        <div className="profile-field">
          <label htmlFor={passwordId} className="profile-field__label">
            {t('yourPassword')}
          </label>
          {error ? (
            <p id={passwordErrorId} className="profile-field__error">
              <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
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
        <CodeField label={t('codeFromYourApp')} value={value} onChange={setValue} error={error} inputRef={input} />
      )}
      <p>
        <button type="button" className="ui-link-button" onClick={switchProof}>
          {t(withPassword ? 'useAppCode' : 'usePassword')}
        </button>
      </p>
      <div className="profile-security__actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={turnOff.isPending}>
          {t('turnOff')}
        </button>
        <button type="button" className="ui-button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
