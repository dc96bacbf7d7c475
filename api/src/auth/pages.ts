// The sign-in service's own pages: sign in, create an account, the account page and sign out.
// Every POST form gets this browser's CSRF token from sendPage (auth/page-reply.ts).
import { DATE_OF_BIRTH_HINT } from '@portal/shared/constants';
import { dateInput, errorSummary, escapeHtml, hiddenInputs, input, layout, passwordInput } from '../http/pages';
import type { FieldError } from '../http/pages';
import { passkeySignInSection } from './passkey-pages';

/** The sign-in client parameters every page carries through its links and forms. */
export type ClientParams = { client_id: string; redirect_uri?: string; state?: string; scope?: string };

function query(params: ClientParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return q.toString();
}

/**
 * After a sign-in that did not work: an account whose registration link was never opened has no
 * password yet, so the page says to open that link and offers to send it again. It is offered
 * after every failed sign-in, whether or not the address has an unfinished account, so the page
 * tells nobody which addresses have one.
 */
function unfinishedAccountSection(params: ClientParams, email: string): string {
  return `<section class="notice" aria-labelledby="unfinished-account">
<h2 id="unfinished-account">Have you just created your account?</h2>
<p>Open the link we emailed you when you created it: you choose your password on the page it opens, then you can sign in. The link works for 30 minutes.</p>
<form method="post" action="/account/register/resend" novalidate>
${hiddenInputs({ ...params, email })}
<button type="submit">Send the link again</button>
</form>
</section>`;
}

export function signInPage(params: ClientParams, values: { email?: string }, errors: FieldError[], notice?: string, offerLinkAgain = false): string {
  return layout(
    errors.length ? 'Error: Sign in' : 'Sign in',
    `<h1>Sign in to your pay portal</h1>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
${errorSummary(errors)}
<form method="post" action="/account/sign-in" novalidate>
${hiddenInputs({ ...params })}
${input({ name: 'email', label: 'Email address', type: 'email', value: values.email, autocomplete: 'username', required: true, errors })}
${passwordInput({ name: 'password', label: 'Password', autocomplete: 'current-password', required: true, errors })}
<button type="submit">Sign in</button>
</form>
${offerLinkAgain && values.email ? unfinishedAccountSection(params, values.email) : ''}
<p><a href="/account/forgot-password?${escapeHtml(query(params))}">Forgot your password?</a></p>
${passkeySignInSection(params)}
<p>New to the portal? <a href="/account/register?${escapeHtml(query(params))}">Create an account</a></p>`,
  );
}

export type RegisterValues = Partial<
  Record<'firstName' | 'middleName' | 'lastName' | 'email' | 'mobilePhone' | 'birthDay' | 'birthMonth' | 'birthYear', string>
>;

export function registerPage(params: ClientParams, values: RegisterValues, errors: FieldError[]): string {
  return layout(
    errors.length ? 'Error: Create an account' : 'Create an account',
    `<h1>Create an account</h1>
<p>Use the email address or mobile number your employer has for you, so you can link your payroll record afterwards.</p>
${errorSummary(errors)}
<form method="post" action="/account/register" novalidate>
${hiddenInputs({ ...params })}
${input({ name: 'firstName', label: 'First name', value: values.firstName, autocomplete: 'given-name', required: true, errors })}
${input({ name: 'middleName', label: 'Middle name (optional)', value: values.middleName, autocomplete: 'additional-name', errors })}
${input({ name: 'lastName', label: 'Last name', value: values.lastName, autocomplete: 'family-name', required: true, errors })}
${input({ name: 'email', label: 'Email address', type: 'email', value: values.email, autocomplete: 'email', required: true, errors })}
${input({ name: 'mobilePhone', label: 'Mobile number (optional)', type: 'tel', value: values.mobilePhone, autocomplete: 'tel', errors })}
${dateInput({ name: 'birth', legend: 'Date of birth (optional)', hint: DATE_OF_BIRTH_HINT, value: { day: values.birthDay, month: values.birthMonth, year: values.birthYear }, errors })}
<p>We will email you a link. You choose your password on the page it opens.</p>
<button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/account/sign-in?${escapeHtml(query(params))}">Sign in</a></p>`,
  );
}

/** The portal's Support page, beside its home page. */
function supportUrl(portalUrl: string): string {
  return `${portalUrl.endsWith('/') ? portalUrl : `${portalUrl}/`}support`;
}

export type AccountView = { name: string; email: string; mobilePhone: string | null; birthDate: string | null };

export function accountPage(clientId: string, portalUrl: string, account: AccountView, errors: FieldError[], notice?: string): string {
  const row = (label: string, value: string | null) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value ?? 'Not given')}</dd>`;
  return layout(
    errors.length ? 'Error: Your account' : 'Your account',
    `<h1>Your account</h1>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<dl>
${row('Name', account.name)}
${row('Email', account.email)}
${row('Mobile', account.mobilePhone)}
${row('Date of birth', account.birthDate)}
</dl>
<p>You can change these details on the portal's Profile page.</p>
<h2>Change your password</h2>
${errorSummary(errors)}
<form method="post" action="/account/password" novalidate>
${hiddenInputs({ client_id: clientId })}
${passwordInput({ name: 'currentPassword', label: 'Current password', autocomplete: 'current-password', required: true, errors })}
${passwordInput({ name: 'newPassword', label: 'New password', autocomplete: 'new-password', required: true, hint: 'At least 12 characters.', errors })}
${passwordInput({ name: 'confirmPassword', label: 'Confirm new password', autocomplete: 'new-password', required: true, errors })}
<button type="submit">Change password</button>
</form>
<p><a href="${escapeHtml(portalUrl)}">Back to the portal</a> · <a href="/app/logout/?client_id=${encodeURIComponent(clientId)}">Sign out</a></p>`,
    // Signed in: the portal's own support pages.
    { footer: `<a href="${escapeHtml(supportUrl(portalUrl))}">Help and support</a>` },
  );
}

/** After the registration form: the same page whether or not the address already has an account. */
export function checkEmailPage(params: ClientParams, email: string): string {
  return layout(
    'Check your email',
    `<h1>Check your email</h1>
<p class="notice" role="status">We have sent an email to <strong>${escapeHtml(email)}</strong>.</p>
<p>Open the link in it within 30 minutes to finish creating your account. If you already have an account, the email tells you how to sign in instead.</p>
<p>No email after a few minutes? Check your spam or junk folder, or <a href="/account/register?${escapeHtml(query(params))}">start again</a>.</p>
<p><a href="/account/sign-in?${escapeHtml(query(params))}">Back to sign in</a></p>`,
  );
}

/** After 'Send the link again': the same words whether or not the address has an unfinished account. */
export function registrationLinkSentAgainPage(params: ClientParams, email: string): string {
  return layout(
    'Check your email',
    `<h1>Check your email</h1>
<p class="notice" role="status">If you started creating an account with <strong>${escapeHtml(email)}</strong> in the last 30 minutes, we have sent you a new link.</p>
<p>Open it within 30 minutes to choose your password and finish creating your account. Any earlier link no longer works.</p>
<p>No email after a few minutes? Check your spam or junk folder, or <a href="/account/register?${escapeHtml(query(params))}">create your account again</a>.</p>
<p><a href="/account/sign-in?${escapeHtml(query(params))}">Back to sign in</a></p>`,
  );
}

/**
 * The registration link, opened: the password is chosen here, by whoever holds the address (a link
 * scanner that only opens links creates nothing).
 */
export function confirmRegistrationPage(token: string, email: string, errors: FieldError[]): string {
  return layout(
    errors.length ? 'Error: Finish creating your account' : 'Finish creating your account',
    `<h1>Finish creating your account</h1>
<p>Choose a password to create your pay portal account for <strong>${escapeHtml(email)}</strong> and sign in.</p>
${errorSummary(errors)}
<form method="post" action="/account/verify" novalidate>
${hiddenInputs({ token })}
${passwordInput({ name: 'password', label: 'Password', autocomplete: 'new-password', required: true, hint: 'At least 12 characters. A few unrelated words make a strong password.', errors })}
${passwordInput({ name: 'confirmPassword', label: 'Confirm password', autocomplete: 'new-password', required: true, errors })}
<button type="submit">Create my account</button>
</form>
<p>Did not ask for this? Close this page: no account is created.</p>`,
  );
}

/** A registration link that is spent, expired or unknown, or whose address has an account by now. */
export function registrationLinkProblemPage(problem: 'expired' | 'exists'): string {
  const text =
    problem === 'exists'
      ? '<h1>You already have an account</h1>\n<p>An account with this email address already exists. Sign in from the portal instead.</p>'
      : '<h1>This link has expired</h1>\n<p>The link has expired or was already used. Create your account again from the portal: we will send you a new link.</p>';
  return layout(problem === 'exists' ? 'You already have an account' : 'This link has expired', `${text}\n<p><a href="/">Go to the portal</a></p>`);
}

/** 'Forgot your password?': the address to send a reset link to. */
export function forgotPasswordPage(params: ClientParams, values: { email?: string }, errors: FieldError[]): string {
  return layout(
    errors.length ? 'Error: Reset your password' : 'Reset your password',
    `<h1>Reset your password</h1>
<p>Enter the email address you sign in with. We will send you a link to choose a new password.</p>
${errorSummary(errors)}
<form method="post" action="/account/forgot-password" novalidate>
${hiddenInputs({ ...params })}
${input({ name: 'email', label: 'Email address', type: 'email', value: values.email, autocomplete: 'username', required: true, errors })}
<button type="submit">Send reset link</button>
</form>
<p><a href="/account/sign-in?${escapeHtml(query(params))}">Back to sign in</a></p>`,
  );
}

/** After the reset request: the same page whether or not the address has an account. */
export function resetLinkSentPage(params: ClientParams, email: string): string {
  return layout(
    'Check your email',
    `<h1>Check your email</h1>
<p class="notice" role="status">If an account uses that address, we have sent a link to <strong>${escapeHtml(email)}</strong>.</p>
<p>Open the link within 30 minutes to choose a new password. The link works once.</p>
<p>No email after a few minutes? Check your spam or junk folder, check the address, or <a href="/account/forgot-password?${escapeHtml(query(params))}">ask for another link</a>.</p>
<p><a href="/account/sign-in?${escapeHtml(query(params))}">Back to sign in</a></p>`,
  );
}

/** The reset link, opened: the new password, twice. */
export function chooseNewPasswordPage(token: string, errors: FieldError[]): string {
  return layout(
    errors.length ? 'Error: Choose a new password' : 'Choose a new password',
    `<h1>Choose a new password</h1>
<p>When you have changed it, you will be signed out everywhere and can sign in with the new password.</p>
${errorSummary(errors)}
<form method="post" action="/account/reset-password" novalidate>
${hiddenInputs({ token })}
${passwordInput({ name: 'newPassword', label: 'New password', autocomplete: 'new-password', required: true, hint: 'At least 12 characters. A few unrelated words make a strong password.', errors })}
${passwordInput({ name: 'confirmPassword', label: 'Confirm new password', autocomplete: 'new-password', required: true, errors })}
<button type="submit">Change password</button>
</form>`,
  );
}

/** A reset link that is spent, expired or unknown. */
export function resetLinkProblemPage(): string {
  return layout(
    'This link has expired',
    `<h1>This link has expired</h1>
<p>The link has expired or was already used. Links to reset a password work once, for 30 minutes.</p>
<p>To ask for a new link, go to the portal, choose Sign in, then 'Forgot your password?'.</p>
<p><a href="/">Go to the portal</a></p>`,
  );
}

/** The link sent to a new email address, opened: one button confirms it (a link scanner that only opens links changes nothing). */
export function confirmEmailPage(token: string, email: string, purpose: 'sign-in' | 'notifications' = 'sign-in'): string {
  const what =
    purpose === 'notifications'
      ? `Send notices of new payslips and P60s to <strong>${escapeHtml(email)}</strong>.`
      : `Sign in to the pay portal with <strong>${escapeHtml(email)}</strong> from now on.`;
  return layout(
    'Confirm your new email address',
    `<h1>Confirm your new email address</h1>
<p>${what}</p>
<form method="post" action="/account/confirm-email" novalidate>
${hiddenInputs({ token })}
<button type="submit">Confirm email address</button>
</form>
<p>Did not ask for this? Close this page: nothing changes.</p>`,
  );
}

/** The new address confirmed. */
export function emailChangedPage(email: string, portalUrl: string, purpose: 'sign-in' | 'notifications' = 'sign-in'): string {
  const what = purpose === 'notifications' ? 'Notices of new payslips and P60s now go to' : 'You now sign in with';
  return layout(
    'Your email address has been changed',
    `<h1>Your email address has been changed</h1>
<p class="notice" role="status">${what} <strong>${escapeHtml(email)}</strong>.</p>
<p><a href="${escapeHtml(portalUrl)}">Go to the portal</a></p>`,
  );
}

/** The link sent to the replaced address, opened: the address comes back with a new password (whoever made the change may know the old one). */
export function undoEmailChangePage(token: string, email: string, errors: FieldError[]): string {
  return layout(
    errors.length ? 'Error: Change your email address back' : 'Change your email address back',
    `<h1>Change your email address back</h1>
<p>Your account will sign in with <strong>${escapeHtml(email)}</strong> again. Choose a new password: everyone signed in to your account is signed out, and any link or change still waiting is cancelled.</p>
${errorSummary(errors)}
<form method="post" action="/account/undo-email-change" novalidate>
${hiddenInputs({ token })}
${passwordInput({ name: 'newPassword', label: 'New password', autocomplete: 'new-password', required: true, hint: 'At least 12 characters. A few unrelated words make a strong password.', errors })}
${passwordInput({ name: 'confirmPassword', label: 'Confirm new password', autocomplete: 'new-password', required: true, errors })}
<button type="submit">Change my email address back</button>
</form>`,
  );
}

/** The address is back. */
export function emailChangeUndonePage(email: string): string {
  return layout(
    'Your email address has been changed back',
    `<h1>Your email address has been changed back</h1>
<p class="notice" role="status">You sign in with <strong>${escapeHtml(email)}</strong> and your new password. Everyone else has been signed out.</p>
<p><a href="/">Go to the portal</a></p>`,
  );
}

/** A confirmation link that is spent, expired or unknown, or whose address another account took meanwhile. */
export function emailLinkProblemPage(problem: 'expired' | 'taken'): string {
  const text =
    problem === 'taken'
      ? '<h1>Your email address was not changed</h1>\n<p>Another account uses this email address now. Your sign-in email address is still the one you had. Choose another address on the portal’s Profile page.</p>'
      : '<h1>This link has expired</h1>\n<p>The link has expired or was already used, and your sign-in email address has not changed. To change it, enter the new address again on the portal’s Profile page: we will send you a new link.</p>';
  return layout(problem === 'taken' ? 'Your email address was not changed' : 'This link has expired', `${text}\n<p><a href="/">Go to the portal</a></p>`);
}

export type LogoutParams = { client_id: string; post_logout_redirect_uri: string };

/** Signing out is a POST (another site cannot sign anyone out with a link); this page asks first. */
export function logoutPage(params: LogoutParams, portalUrl: string): string {
  return layout(
    'Sign out',
    `<h1>Sign out of the pay portal?</h1>
<p>You will need to sign in again to see your payslips and documents.</p>
<form method="post" action="/app/logout/">
${hiddenInputs({ ...params })}
<button type="submit">Sign out</button>
</form>
<p><a href="${escapeHtml(portalUrl)}">No, go back to the portal</a></p>`,
  );
}
