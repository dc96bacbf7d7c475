// Settings (/settings): the text of spec section 2, a link to Profile and one to the notification
// preferences chosen during set-up (served by the onboarding remote at their own path).
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { LanguageSettings } from './language/LanguageSettings';
import { PasswordSettings } from './password/PasswordSettings';
import { SecuritySettings } from './security/SecuritySettings';
import { PasskeysSection } from './passkeys/PasskeysSection';
import { MyDataSettings } from './my-data/MyDataSettings';
import { settingsTexts } from './messages';
import './settings.css';

export default function SettingsPage() {
  return (
    <section className="profile-settings" aria-labelledby="settings-heading">
      <PageHeading id="settings-heading">{settingsTexts.t('heading')}</PageHeading>
      <p className="profile-settings__text">{settingsTexts.t('text')}</p>
      <Link className="profile-settings__link ui-focus-ring" to={paths.profile.getHref()}>
        {settingsTexts.t('profile')}
        <span className="profile-settings__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      <Link className="profile-settings__link ui-focus-ring" to={paths.settingsNotifications.getHref()}>
        {settingsTexts.t('notifications')}
        <span className="profile-settings__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      <LanguageSettings />
      <PasswordSettings />
      <PasskeysSection />
      <SecuritySettings />
      <MyDataSettings />
    </section>
  );
}
