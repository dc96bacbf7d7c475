// Link to employer (/setup/link): send a 6-digit code by email (or by text with an invitation
// token), then type or paste it into six boxes; a full code is confirmed at once. A reload brings
// back the boxes, the resend countdown and the channel from what the server knows.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { paths } from '@portal/shared/paths';
import { useUserInfo } from '@portal/shared/contract';
import { BackLink } from '@portal/shared/ui/BackLink';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import { Notice } from '@portal/shared/ui/Notice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { CodeBoxes } from './CodeBoxes';
import { emptyCodeDigits } from './code-digits';
import { readLinkingChannel } from './linking-channel';
import { useSendCode } from './use-send-code';
import type { RestoredCode } from './use-send-code';
import { useConfirmCode } from './use-confirm-code';
import { useRestoreCodeRequest } from './use-restore-code-request';
import '../common/onboarding.css';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { linkTexts } from './messages';
import './link-employer.css';

const t = linkTexts.t;

/** 'We have sent you a linking code by email. It works for another 9 minutes.' (a code asked for before a reload) */
function restoredCodeText({ channel, expiresInSeconds }: RestoredCode, pageIsPhone: boolean): string {
  const byPhone = channel === null ? pageIsPhone : channel === 'sms';
  const sent = t(byPhone ? 'restoredPhone' : 'restoredEmail');
  if (expiresInSeconds === null) return sent;
  return `${sent} ${t('worksFor', { minutes: Math.max(1, Math.ceil(expiresInSeconds / 60)) })}`;
}

export default function LinkEmployerPage() {
  // Read once: the token only changes on a new page load.
  const [channel] = useState(readLinkingChannel);
  const userInfo = useUserInfo();
  const sessionAddress = channel.kind === 'phone' ? userInfo?.phone_number : userInfo?.email;
  const [typedAddress, setTypedAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [digits, setDigits] = useState<string[]>(emptyCodeDigits);
  const [focusRequest, setFocusRequest] = useState(0);

  const sender = useSendCode(channel);
  const confirmer = useConfirmCode();
  const { checking } = useRestoreCodeRequest(sender.restore);
  const countdownId = useId();
  const addressId = useId();
  const codeErrorId = useId();

  const isPhone = channel.kind === 'phone';
  const address = sessionAddress?.trim() || typedAddress.trim();
  const locked = sender.lockoutRemaining > 0;

  const handleSend = async (event: FormEvent) => {
    event.preventDefault();
    if (sender.sending || locked || checking) return;
    if (!address) {
      // The error summary takes focus and links to the field.
      setAddressError(t(isPhone ? 'enterMobile' : 'enterEmail'));
      setAttempt((count) => count + 1);
      return;
    }
    setAddressError(null);
    if (await sender.send(address)) setFocusRequest((count) => count + 1);
  };

  const handleComplete = async (code: string) => {
    // A wrong code: the boxes start again, with focus on the first.
    if ((await confirmer.confirm(code)) === 'wrong') {
      setDigits(emptyCodeDigits());
      setFocusRequest((count) => count + 1);
    }
  };

  return (
    <section className="onb-page onb-link-employer">
      <PageHeading>{t('heading')}</PageHeading>
      <ErrorSummary errors={addressError ? [{ fieldId: addressId, message: addressError }] : []} attempt={attempt} />
      <p className="onb-lead">
        {t(isPhone ? 'leadPhone' : 'leadEmail')} {t('expiry')}
      </p>

      {sender.sentTo && (
        <Notice tone="success" title={t('codeSent')} onDismiss={sender.dismissSent}>
          {t(isPhone ? 'sentToPhone' : 'sentToEmail', { address: sender.sentTo })}
        </Notice>
      )}
      {sender.notice && (
        <Notice tone={sender.notice.tone} title={sender.notice.title} onDismiss={sender.dismissNotice}>
          {sender.notice.text}
        </Notice>
      )}

      <form className="onb-link__send" onSubmit={handleSend} noValidate>
        {sessionAddress ? (
          <p className="onb-link__address">
            {t(isPhone ? 'textTo' : 'emailTo')}
            <strong>{sessionAddress}</strong>
          </p>
        ) : (
          <div className="onb-field">
            <label htmlFor={addressId} className="onb-field__label">
              {t(isPhone ? 'mobileNumber' : 'emailAddress')}
            </label>
            {addressError && (
              <p id={`${addressId}-error`} className="onb-error-text">
                <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
                {addressError}
              </p>
            )}
            <input
              id={addressId}
              className="onb-input"
              type={isPhone ? 'tel' : 'email'}
              autoComplete={isPhone ? 'tel' : 'email'}
              value={typedAddress}
              aria-invalid={addressError ? true : undefined}
              aria-describedby={addressError ? `${addressId}-error` : undefined}
              onChange={(event) => setTypedAddress(event.target.value)}
            />
          </div>
        )}
        <button
          type="submit"
          className="ui-button ui-button--primary"
          disabled={sender.sending || locked || checking}
          aria-describedby={locked ? countdownId : undefined}
        >
          {sender.hasSent ? t('resend') : t('send')}
        </button>
        {locked && (
          <p id={countdownId} className="onb-link__countdown">
            {t('lockout', { seconds: sender.lockoutRemaining })}
          </p>
        )}
      </form>

      {sender.hasSent && (
        <div className="onb-link__code">
          {sender.restored && <p className="onb-link__restored">{restoredCodeText(sender.restored, isPhone)}</p>}
          <CodeBoxes
            legend={t('codePrompt')}
            hint={t('codeHint')}
            value={digits}
            onChange={setDigits}
            onComplete={(code) => void handleComplete(code)}
            focusRequest={focusRequest}
            invalid={confirmer.error !== null}
            describedBy={confirmer.error ? codeErrorId : undefined}
          />
          {confirmer.confirming && (
            <p role="status" className="onb-link__checking">
              {t('checking')}
            </p>
          )}
        </div>
      )}
      {confirmer.error && (
        <div id={codeErrorId}>
          <Notice tone="error" title={confirmer.error.title} onDismiss={confirmer.dismissError}>
            {confirmer.error.text}
          </Notice>
        </div>
      )}

      <div className="onb-actions">
        <BackLink to={paths.home.getHref()}>{t('goBack')}</BackLink>
      </div>
    </section>
  );
}
