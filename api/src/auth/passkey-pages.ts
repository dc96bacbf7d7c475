// The passkey buttons of the sign-in pages: 'Sign in with a passkey' on the sign-in page, and a
// passkey instead of the authenticator app's code on the second step. Each is a section hidden until
// the passkey script (http/passkey-script.ts) finds that the browser supports passkeys; its form
// posts the passkey's answer, and gets this browser's CSRF token from sendPage like every form.
import { escapeHtml, hiddenInputs } from '../http/pages';
import { PASSKEY_MARKER } from '../http/passkey-script';
import type { Language } from '../languages/language';
import { authTexts } from './auth-texts';
import type { ClientParams } from './pages';

export const PASSKEY_PATHS = {
  signIn: '/account/passkey-sign-in',
  signInOptions: '/account/passkey-sign-in/options',
  secondStep: '/account/second-step/passkey',
  secondStepOptions: '/account/second-step/passkey/options',
} as const;

/** The field an error about a passkey names: the button (the error summary links to it). */
export const PASSKEY_FIELD = 'passkey';

/** What the passkey script says as it goes (http/passkey-script.ts reads them from its section). */
function statusWords(language: Language): string {
  const t = authTexts(language);
  const words = {
    follow: t('passkeyFollowSteps'),
    reload: t('passkeyReload'),
    'signing-in': t('passkeySigningIn'),
    none: t('passkeyNoneUsed'),
    failed: t('passkeyUnreadable'),
  };
  return Object.entries(words)
    .map(([name, text]) => `data-say-${name}="${escapeHtml(text)}"`)
    .join(' ');
}

function section(language: Language, optionsPath: string, heading: string, text: string, form: { action: string; fields: string; button: string }): string {
  return `<section class="passkey" ${PASSKEY_MARKER}="${escapeHtml(optionsPath)}" ${statusWords(language)} aria-labelledby="passkey-heading" hidden>
<h2 id="passkey-heading">${escapeHtml(heading)}</h2>
<p>${escapeHtml(text)}</p>
<form method="post" action="${escapeHtml(form.action)}" novalidate>
${form.fields}
<button type="button" class="secondary" id="${PASSKEY_FIELD}" data-passkey-start>${escapeHtml(form.button)}</button>
</form>
<p class="hint" role="status" aria-live="polite" data-passkey-status></p>
</section>`;
}

/** On the sign-in page, after the password form: a passkey alone signs in. */
export function passkeySignInSection(language: Language, params: ClientParams): string {
  const t = authTexts(language);
  return section(language, PASSKEY_PATHS.signInOptions, t('orUsePasskey'), t('passkeySignInText'), {
    action: PASSKEY_PATHS.signIn,
    fields: hiddenInputs({ ...params }),
    button: t('signInWithPasskey'),
  });
}

/** On the second step, for an account with a passkey: the passkey instead of the app's code. */
export function passkeySecondStepSection(language: Language): string {
  const t = authTexts(language);
  return section(language, PASSKEY_PATHS.secondStepOptions, t('orUsePasskey'), t('passkeySecondStepText'), {
    action: PASSKEY_PATHS.secondStep,
    fields: '',
    button: t('useAPasskey'),
  });
}

/** What a passkey that did not sign in or pass the second step says, in the page's language. */
export const passkeyMessages = (language: Language) => {
  const t = authTexts(language);
  return {
    unreadable: t('passkeyUnreadable'),
    expired: t('passkeyExpired'),
    unknown: t('passkeyUnknown'),
    notYours: t('passkeyNotYours'),
    notChecked: t('passkeyNotChecked'),
  };
};
