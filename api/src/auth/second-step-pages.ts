// The second step's pages: a code from the authenticator app, a recovery code instead, setting up
// the app (key, link and QR code), the recovery codes shown once, and a pending sign-in that ended, in
// the language of the browser (auth-texts.ts). Every POST form gets this browser's CSRF token from
// sendPage (auth/page-reply.ts).
import { errorSummary, escapeHtml, htmlText, input, layout } from '../http/pages';
import type { FieldError } from '../http/pages';
import type { Language } from '../languages/language';
import { authTexts } from './auth-texts';
import type { ClientParams } from './pages';
import { passkeySecondStepSection } from './passkey-pages';

export const SECOND_STEP_PATHS = {
  code: '/account/second-step',
  recovery: '/account/second-step/recovery',
  setUp: '/account/second-step/set-up',
  continue: '/account/second-step/continue',
} as const;

function signInAgainHref(params: ClientParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return `/account/sign-in?${q.toString()}`;
}

const backToSignIn = (language: Language, params: ClientParams) =>
  `<p><a href="${escapeHtml(signInAgainHref(params))}">${escapeHtml(authTexts(language)('signInWithAnotherAccount'))}</a></p>`;

const codeInput = (language: Language, errors: FieldError[], label: string) =>
  input({
    name: 'code',
    label,
    hint: authTexts(language)('codeHint'),
    autocomplete: 'one-time-code',
    inputmode: 'numeric',
    required: true,
    errors,
    language,
  });

/** After the password: the code from the account's authenticator app (or one of its passkeys, when it has one). */
export function secondStepCodePage(language: Language, params: ClientParams, errors: FieldError[], options: { passkey?: boolean } = {}): string {
  const t = authTexts(language);
  return layout(
    t('codeTitle'),
    `<h1>${escapeHtml(t('codeHeading'))}</h1>
<p>${escapeHtml(t('codeLead'))}</p>
${errorSummary(errors, language)}
<form method="post" action="${SECOND_STEP_PATHS.code}" novalidate>
${codeInput(language, errors, t('code'))}
<button type="submit">${escapeHtml(t('continue'))}</button>
</form>
${options.passkey ? passkeySecondStepSection(language) : ''}
<p><a href="${SECOND_STEP_PATHS.recovery}">${escapeHtml(t('useRecoveryCodeInstead'))}</a></p>
${backToSignIn(language, params)}`,
    { language, hasErrors: errors.length > 0 },
  );
}

/** One of the recovery codes shown when the app was set up, instead of a code from the app. */
export function recoveryCodePage(language: Language, params: ClientParams, errors: FieldError[]): string {
  const t = authTexts(language);
  return layout(
    t('recoveryTitle'),
    `<h1>${escapeHtml(t('recoveryTitle'))}</h1>
<p>${escapeHtml(t('recoveryLead'))}</p>
${errorSummary(errors, language)}
<form method="post" action="${SECOND_STEP_PATHS.recovery}" novalidate>
${input({ name: 'recoveryCode', label: t('recoveryCode'), hint: t('recoveryCodeHint'), autocomplete: 'one-time-code', required: true, errors, language })}
<button type="submit">${escapeHtml(t('continue'))}</button>
</form>
<p><a href="${SECOND_STEP_PATHS.code}">${escapeHtml(t('useAppCodeInstead'))}</a></p>
${backToSignIn(language, params)}`,
    { language, hasErrors: errors.length > 0 },
  );
}

export type SetUpView = { key: string; uri: string; qrSvg: string | null };

/** An employer admin's first sign-in: add the portal to an authenticator app, then enter its first code. */
export function setUpPage(language: Language, params: ClientParams, view: SetUpView, errors: FieldError[]): string {
  const t = authTexts(language);
  const openInApp = htmlText((v) => t('setUpOnThisPhone', v), { link: `<a href="${escapeHtml(view.uri)}">${escapeHtml(t('openKeyInApp'))}</a>` });
  return layout(
    t('setUpTitle'),
    `<h1>${escapeHtml(t('setUpTitle'))}</h1>
<p>${escapeHtml(t('setUpLead'))}</p>
${errorSummary(errors, language)}
<h2>${escapeHtml(t('setUpStep1'))}</h2>
<p>${escapeHtml(t('setUpScan'))}</p>
${view.qrSvg ? `<div class="qr-code">${view.qrSvg}</div>` : ''}
<p>${escapeHtml(t('setUpByHand'))}</p>
<p><code id="key">${escapeHtml(view.key)}</code></p>
<p>${openInApp}</p>
<h2>${escapeHtml(t('setUpStep2'))}</h2>
<form method="post" action="${SECOND_STEP_PATHS.setUp}" novalidate>
${codeInput(language, errors, t('codeFromApp'))}
<button type="submit">${escapeHtml(t('setUpAndContinue'))}</button>
</form>
${backToSignIn(language, params)}`,
    { language, hasErrors: errors.length > 0 },
  );
}

/** The recovery codes, shown this once: they are kept hashed. */
export function recoveryCodesPage(language: Language, codes: string[]): string {
  const t = authTexts(language);
  return layout(
    t('recoveryCodesTitle'),
    `<h1>${escapeHtml(t('recoveryCodesTitle'))}</h1>
<p class="notice" role="status">${escapeHtml(t('appIsSetUp'))}</p>
<p>${escapeHtml(t('recoveryCodesLead'))}</p>
<ul class="recovery-codes">
${codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('\n')}
</ul>
<form method="post" action="${SECOND_STEP_PATHS.continue}" novalidate>
<button type="submit">${escapeHtml(t('savedRecoveryCodes'))}</button>
</form>`,
    { language },
  );
}

/** The set-up page reloaded after the app was confirmed: the codes are not shown again. */
export function setUpDonePage(language: Language): string {
  const t = authTexts(language);
  return layout(
    t('setUpDoneTitle'),
    `<h1>${escapeHtml(t('setUpDoneTitle'))}</h1>
<p>${escapeHtml(t('setUpDoneLead'))}</p>
<form method="post" action="${SECOND_STEP_PATHS.continue}" novalidate>
<button type="submit">${escapeHtml(t('continueToPortal'))}</button>
</form>`,
    { language },
  );
}

/** No pending sign-in in this browser: over ten minutes, already finished, or never started here. */
export function secondStepExpiredPage(language: Language, signInHref: string): string {
  const t = authTexts(language);
  return layout(
    t('signInAgainTitle'),
    `<h1>${escapeHtml(t('signInAgainTitle'))}</h1>
<p>${escapeHtml(t('signInAgainLead'))}</p>
<p><a href="${escapeHtml(signInHref)}">${escapeHtml(t('signInAgainTitle'))}</a></p>`,
    { language },
  );
}

/** How a refused code reads: how long to wait. */
export const tooManyCodes = (language: Language, wait: string) => authTexts(language)('tooManyCodes', { wait });
