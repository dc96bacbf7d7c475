// Settings' language: English or Cymraeg, where the portal offers more than one. Saving asks the host
// (the contract's switchLanguage), which keeps the choice on this device and on the account and loads
// the page again in it, as the switch in the header does. Each language is named in itself.
import { useId, useState, type FormEvent } from 'react';
import { switchLanguage } from '@portal/shared/contract';
import { currentLanguage, LANGUAGE_NAMES, type Language } from '@portal/shared/i18n';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { languageTexts as texts } from './messages';
import './language-settings.css';

export function LanguageSettings() {
  const base = useId();
  const [chosen, setChosen] = useState<Language>(currentLanguage());
  const [saving, setSaving] = useState(false);
  const offered = getRuntimeConfig().languages;
  if (offered.length < 2) return null;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || chosen === currentLanguage()) return;
    setSaving(true);
    void switchLanguage(chosen).finally(() => setSaving(false));
  };

  return (
    <section className="profile-settings__section" aria-labelledby={`${base}-heading`}>
      <h2 id={`${base}-heading`} className="profile-settings__section-heading">
        {texts.t('heading')}
      </h2>
      <form onSubmit={save}>
        <fieldset className="language-settings__fieldset" aria-describedby={`${base}-hint`}>
          <legend className="language-settings__legend">{texts.t('legend')}</legend>
          <p id={`${base}-hint`} className="language-settings__hint">
            {texts.t('hint')}
          </p>
          {offered.map((language) => (
            <label key={language} className="language-settings__option" lang={language}>
              <input type="radio" name={`${base}-language`} value={language} checked={chosen === language} onChange={() => setChosen(language)} />
              {LANGUAGE_NAMES[language]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="ui-button ui-button--primary" aria-disabled={saving || undefined}>
          {saving ? texts.t('saving') : texts.t('save')}
        </button>
      </form>
    </section>
  );
}
