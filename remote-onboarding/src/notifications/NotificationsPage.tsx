// Notification preferences (/setup/notifications): SMS and WhatsApp switches (local state only),
// an Email row whose 'Set up' shows where notifications go and how to change it, and 'Continue'.
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@portal/shared/paths';
import { useAuthorisedUser, useUserInfo } from '@portal/shared/contract';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Switch } from './Switch';
import '../common/onboarding.css';
import './notifications.css';

export default function NotificationsPage() {
  const navigate = useNavigate();
  const [sms, setSms] = useState(false);
  const [whatsApp, setWhatsApp] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  // The address notifications go to: the user record's, else the sign-in email.
  const recordEmail = useAuthorisedUser()?.email;
  const sessionEmail = useUserInfo()?.email;
  const email = recordEmail || sessionEmail;
  const emailPanelId = useId();

  return (
    <section className="onb-page onb-notifications">
      <PageHeading>How would you like to receive notifications?</PageHeading>
      <ul className="onb-channels">
        <li className="onb-channel">
          <Switch checked={sms} onChange={setSms}>
            SMS
          </Switch>
        </li>
        <li className="onb-channel">
          <Switch checked={whatsApp} onChange={setWhatsApp}>
            WhatsApp
          </Switch>
        </li>
        <li className="onb-channel onb-channel--email">
          <div className="onb-channel__row">
            <span className="onb-channel__name" id={`${emailPanelId}-name`}>
              Email
            </span>
            <button
              type="button"
              className="ui-button"
              aria-expanded={emailOpen}
              aria-controls={emailPanelId}
              aria-describedby={`${emailPanelId}-name`}
              onClick={() => setEmailOpen((open) => !open)}
            >
              Set up
            </button>
          </div>
          <div id={emailPanelId} className="onb-channel__panel" hidden={!emailOpen}>
            {email ? (
              <p>
                Email notifications go to <strong>{email}</strong>.
              </p>
            ) : (
              <p>Email notifications go to the email address you signed up with.</p>
            )}
            <p>To use a different address, change your email address on your Profile page once your account is set up.</p>
          </div>
        </li>
      </ul>
      <div className="onb-actions">
        <button type="button" className="ui-button ui-button--primary" onClick={() => void navigate(paths.selectCompany.getHref())}>
          Continue
        </button>
        <Link to={paths.setupSelectCompany.getHref()} className="onb-link">
          Skip to choosing your account
        </Link>
      </div>
    </section>
  );
}
