// Notification preferences (/setup/notifications): switches for e-mail, SMS and WhatsApp, saved to
// the server as soon as one is turned (notices of new payslips and P60s go only through
// the channels chosen). WhatsApp says it is coming and cannot be turned on until it is available
// (the API refuses it too); an earlier choice of it can still be turned off. The Email row's 'Set up' shows
// where notifications go and how to change it; 'Continue' goes on. Signed up, the same page is at
// /settings/notifications, reached from Settings, and leads back there instead of on through set-up.
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { useAuthorisedUser, useRequestScope, useUserInfo } from '@portal/shared/contract';
import type { NotificationChoices } from '@portal/shared/api/types';
import { useUserQuery } from '@portal/shared/react/portal-query';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Switch } from './Switch';
import { fetchNotificationPreferences, saveNotificationPreferences } from './api';
import { withElement } from '@portal/shared/react/with-element';
import { notificationTexts } from './messages';
import '../common/onboarding.css';
import './notifications.css';

const t = notificationTexts.t;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export default function NotificationsPage() {
  const navigate = useNavigate();
  const inSettings = useLocation().pathname.toLowerCase() === paths.settingsNotifications.path;
  const scope = useRequestScope();
  const loaded = useUserQuery({
    key: ['notification-preferences'],
    fetch: fetchNotificationPreferences,
    errorMessage: 'Loading notification preferences failed',
  });
  // What the user has turned since the page loaded; the server's answer fills the rest.
  const [changed, setChanged] = useState<NotificationChoices | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [emailOpen, setEmailOpen] = useState(false);
  // The address notifications go to: the user record's, else the sign-in email.
  const recordEmail = useAuthorisedUser()?.email;
  const sessionEmail = useUserInfo()?.email;
  const email = recordEmail || sessionEmail;
  const ids = useId();

  const server = loaded.data;
  const choices: NotificationChoices | null = changed ?? (server ? { email: server.email, sms: server.sms, whatsApp: server.whatsApp } : null);
  const whatsAppAvailable = server?.whatsAppAvailable ?? false;
  const whatsAppOn = choices?.whatsApp ?? false;

  async function turn(channel: keyof NotificationChoices, on: boolean) {
    if (!choices) return;
    const before = choices;
    const next = { ...choices, [channel]: on };
    setChanged(next);
    setSaveState('saving');
    try {
      await saveNotificationPreferences(scope, next);
      setSaveState('saved');
    } catch {
      setChanged(before);
      setSaveState('failed');
    }
  }

  const switchProps = (channel: keyof NotificationChoices) => ({
    checked: choices?.[channel] ?? false,
    onChange: (on: boolean) => void turn(channel, on),
    disabled: !choices,
  });

  return (
    <section className="onb-page onb-notifications">
      <PageHeading>{t('heading')}</PageHeading>
      <p className="onb-channels__intro">{t('intro')}</p>
      {loaded.isError ? (
        <p role="alert" className="onb-error-text">
          {inSettings ? t('loadFailedSettings') : t('loadFailedSetup')}
        </p>
      ) : null}
      <ul className="onb-channels">
        <li className="onb-channel">
          <Switch {...switchProps('sms')}>{t('sms')}</Switch>
        </li>
        <li className="onb-channel">
          <Switch {...switchProps('whatsApp')} unavailable={!whatsAppAvailable && !whatsAppOn} describedBy={whatsAppAvailable ? undefined : `${ids}-whatsapp`}>
            {t('whatsApp')}
          </Switch>
          {whatsAppAvailable ? null : (
            <p className="onb-channel__hint" id={`${ids}-whatsapp`}>
              {whatsAppOn ? t('whatsAppComingOn') : t('whatsAppComing')}
            </p>
          )}
        </li>
        <li className="onb-channel onb-channel--email">
          <div className="onb-channel__row">
            <Switch {...switchProps('email')} labelId={`${ids}-email-name`}>
              {t('email')}
            </Switch>
            <button
              type="button"
              className="ui-button"
              aria-expanded={emailOpen}
              aria-controls={`${ids}-email`}
              aria-describedby={`${ids}-email-name`}
              onClick={() => setEmailOpen((open) => !open)}
            >
              {t('setUp')}
            </button>
          </div>
          <div id={`${ids}-email`} className="onb-channel__panel" hidden={!emailOpen}>
            {email ? <p>{withElement((marker) => t('emailGoesTo', { email: marker }), <strong>{email}</strong>)}</p> : <p>{t('emailGoesToSignUp')}</p>}
            {inSettings ? (
              <p>{withElement((marker) => t('changeOnProfile', { profile: marker }), <Link to={paths.profile.getHref()}>{t('profile')}</Link>)}</p>
            ) : (
              <p>{t('changeLater')}</p>
            )}
          </div>
        </li>
      </ul>
      <p role="status" className="onb-channels__saved">
        {saveState === 'saving' ? t('saving') : saveState === 'saved' ? t('saved') : ''}
      </p>
      {saveState === 'failed' ? (
        <p role="alert" className="onb-error-text">
          {t('saveFailed')}
        </p>
      ) : null}
      {inSettings ? (
        <div className="onb-actions">
          <Link to={paths.settings.getHref()} className="onb-link">
            {t('backToSettings')}
          </Link>
        </div>
      ) : (
        <SetUpActions onContinue={() => void navigate(paths.selectCompany.getHref())} />
      )}
    </section>
  );
}

/** The set-up step's way on: to the account picker. */
function SetUpActions({ onContinue }: { onContinue: () => void }) {
  return (
    <div className="onb-actions">
      <button type="button" className="ui-button ui-button--primary" onClick={onContinue}>
        {t('continue')}
      </button>
      <Link to={paths.setupSelectCompany.getHref()} className="onb-link">
        {t('skip')}
      </Link>
    </div>
  );
}
