// The second step's pages: a code from the authenticator app, a recovery code instead, setting up
// the app (key, link and QR code), the recovery codes shown once, and a pending sign-in that ended.
// Every POST form gets this browser's CSRF token from sendPage (auth/page-reply.ts).
import { errorSummary, escapeHtml, input, layout } from '../http/pages';
import type { FieldError } from '../http/pages';
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

const backToSignIn = (params: ClientParams) => `<p><a href="${escapeHtml(signInAgainHref(params))}">Sign in with another account</a></p>`;

const codeInput = (errors: FieldError[], label: string) =>
  input({
    name: 'code',
    label,
    hint: 'The 6 digits your app shows now, like 123456.',
    autocomplete: 'one-time-code',
    inputmode: 'numeric',
    required: true,
    errors,
  });

/** After the password: the code from the account's authenticator app (or one of its passkeys, when it has one). */
export function secondStepCodePage(params: ClientParams, errors: FieldError[], options: { passkey?: boolean } = {}): string {
  return layout(
    errors.length ? 'Error: Enter the code from your authenticator app' : 'Enter the code from your authenticator app',
    `<h1>Enter the 6-digit code from your authenticator app</h1>
<p>Your password was right. To finish signing in, open the authenticator app on your phone and enter the code it shows for the pay portal.</p>
${errorSummary(errors)}
<form method="post" action="${SECOND_STEP_PATHS.code}" novalidate>
${codeInput(errors, 'Code')}
<button type="submit">Continue</button>
</form>
${options.passkey ? passkeySecondStepSection() : ''}
<p><a href="${SECOND_STEP_PATHS.recovery}">Use a recovery code instead</a></p>
${backToSignIn(params)}`,
  );
}

/** One of the recovery codes shown when the app was set up, instead of a code from the app. */
export function recoveryCodePage(params: ClientParams, errors: FieldError[]): string {
  return layout(
    errors.length ? 'Error: Enter a recovery code' : 'Enter a recovery code',
    `<h1>Enter a recovery code</h1>
<p>Use one of the recovery codes you saved when you set up your authenticator app. Each code works once.</p>
${errorSummary(errors)}
<form method="post" action="${SECOND_STEP_PATHS.recovery}" novalidate>
${input({ name: 'recoveryCode', label: 'Recovery code', hint: 'Eight letters and numbers, like abcd-2345.', autocomplete: 'one-time-code', required: true, errors })}
<button type="submit">Continue</button>
</form>
<p><a href="${SECOND_STEP_PATHS.code}">Use a code from your authenticator app instead</a></p>
${backToSignIn(params)}`,
  );
}

export type SetUpView = { key: string; uri: string; qrSvg: string | null };

/** An employer admin's first sign-in: add the portal to an authenticator app, then enter its first code. */
export function setUpPage(params: ClientParams, view: SetUpView, errors: FieldError[]): string {
  return layout(
    errors.length ? 'Error: Set up your authenticator app' : 'Set up your authenticator app',
    `<h1>Set up your authenticator app</h1>
<p>Your account runs an employer’s console, so signing in takes a second step: after your password, a 6-digit code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).</p>
${errorSummary(errors)}
<h2>1. Add the pay portal to your app</h2>
<p>In your authenticator app, add an account, then scan this QR code:</p>
${view.qrSvg ? `<div class="qr-code">${view.qrSvg}</div>` : ''}
<p>Or enter this key in the app by hand (a time-based key; spaces do not matter):</p>
<p><code id="key">${escapeHtml(view.key)}</code></p>
<p>On this phone? <a href="${escapeHtml(view.uri)}">Open the key in your authenticator app</a></p>
<h2>2. Enter the code your app shows</h2>
<form method="post" action="${SECOND_STEP_PATHS.setUp}" novalidate>
${codeInput(errors, 'Code from your authenticator app')}
<button type="submit">Set up and continue</button>
</form>
${backToSignIn(params)}`,
  );
}

/** The recovery codes, shown this once: they are kept hashed. */
export function recoveryCodesPage(codes: string[]): string {
  return layout(
    'Save your recovery codes',
    `<h1>Save your recovery codes</h1>
<p class="notice" role="status">Your authenticator app is set up.</p>
<p>If you lose your phone, you can sign in with one of these codes instead of a code from the app. Each code works once. Save them somewhere safe, such as a password manager, or print them: this is the only time they are shown.</p>
<ul class="recovery-codes">
${codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('\n')}
</ul>
<form method="post" action="${SECOND_STEP_PATHS.continue}" novalidate>
<button type="submit">I have saved my recovery codes</button>
</form>`,
  );
}

/** The set-up page reloaded after the app was confirmed: the codes are not shown again. */
export function setUpDonePage(): string {
  return layout(
    'Your authenticator app is set up',
    `<h1>Your authenticator app is set up</h1>
<p>Your recovery codes were shown once, when you set up the app, and cannot be shown again.</p>
<form method="post" action="${SECOND_STEP_PATHS.continue}" novalidate>
<button type="submit">Continue to the portal</button>
</form>`,
  );
}

/** No pending sign-in in this browser: over ten minutes, already finished, or never started here. */
export function secondStepExpiredPage(signInHref: string): string {
  return layout(
    'Sign in again',
    `<h1>Sign in again</h1>
<p>This sign-in has expired or was already finished. For your security, the second step must follow your password within 10 minutes, in the same browser.</p>
<p><a href="${escapeHtml(signInHref)}">Sign in again</a></p>`,
  );
}

/** How a refused code reads: how long to wait. */
export const tooManyCodes = (wait: string) => `Too many wrong codes. Wait ${wait}, then try again.`;
