// The switch between English and Cymraeg in every page's header, where the config offers Welsh. It
// names the other language in that language (GOV.UK's pattern), remembers the choice and loads the
// page again in it: each page reads its texts once, in the page's language (@portal/shared/i18n).
// Signed in, the account keeps the choice too (session/account-language.ts).
import { currentLanguage, LANGUAGE_NAMES, type Language } from '@portal/shared/i18n';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { switchLanguage } from '../session/account-language';

/** `signedIn`: the choice is kept on the person's account too, so it follows them to other devices. */
export function LanguageSwitch({ signedIn = false }: { signedIn?: boolean }) {
  const other: Language = currentLanguage() === 'cy' ? 'en' : 'cy';
  if (!getRuntimeConfig().languages.includes(other)) return null;
  return (
    <button type="button" className="host-language-switch" lang={other} onClick={() => void switchLanguage(other, { signedIn })}>
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
