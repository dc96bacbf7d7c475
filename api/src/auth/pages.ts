// The sign-in service's own pages: sign in, create an account, the account page and sign out.
// Every POST form gets this browser's CSRF token from sendPage (auth/page-reply.ts). Every page
// speaks the language of the browser (auth-texts.ts).
import { DATE_OF_BIRTH_HINT } from '@portal/shared/constants';
import { dateInput, errorSummary, escapeHtml, hiddenInputs, htmlText, input, layout, passwordInput } from '../http/pages';
import type { FieldError } from '../http/pages';
import type { Language } from '../languages/language';
import { authTexts } from './auth-texts';
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
function unfinishedAccountSection(language: Language, params: ClientParams, email: string): string {
  const t = authTexts(language);
  return `<section class="notice" aria-labelledby="unfinished-account">
<h2 id="unfinished-account">${escapeHtml(t('justCreatedHeading'))}</h2>
<p>${escapeHtml(t('justCreatedText'))}</p>
<form method="post" action="/account/register/resend" novalidate>
${hiddenInputs({ ...params, email })}
<button type="submit">${escapeHtml(t('sendLinkAgain'))}</button>
</form>
</section>`;
}

/** A link inside a sentence: the sentence's words escaped, the link where the language puts it. */
const withLink = (text: (values: Record<string, string>) => string, href: string, words: string) =>
  htmlText(text, { link: `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>` });

/** A bold address inside a sentence. */
const withEmail = (text: (values: Record<string, string>) => string, email: string) => htmlText(text, { email: `<strong>${escapeHtml(email)}</strong>` });

export function signInPage(
  language: Language,
  params: ClientParams,
  values: { email?: string },
  errors: FieldError[],
  notice?: string,
  offerLinkAgain = false,
): string {
  const t = authTexts(language);
  return layout(
    t('signInTitle'),
    `<h1>${escapeHtml(t('signInHeading'))}</h1>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
${errorSummary(errors, language)}
<form method="post" action="/account/sign-in" novalidate>
${hiddenInputs({ ...params })}
${input({ name: 'email', label: t('emailAddress'), type: 'email', value: values.email, autocomplete: 'username', required: true, errors, language })}
${passwordInput({ name: 'password', label: t('password'), autocomplete: 'current-password', required: true, errors, language })}
<button type="submit">${escapeHtml(t('signInButton'))}</button>
</form>
${offerLinkAgain && values.email ? unfinishedAccountSection(language, params, values.email) : ''}
<p><a href="/account/forgot-password?${escapeHtml(query(params))}">${escapeHtml(t('forgotPassword'))}</a></p>
${passkeySignInSection(language, params)}
<p>${withLink((v) => t('newToPortal', v), `/account/register?${query(params)}`, t('createAnAccount'))}</p>`,
    { language, hasErrors: errors.length > 0 },
  );
}

export type RegisterValues = Partial<
  Record<'firstName' | 'middleName' | 'lastName' | 'email' | 'mobilePhone' | 'birthDay' | 'birthMonth' | 'birthYear', string>
>;

export function registerPage(language: Language, params: ClientParams, values: RegisterValues, errors: FieldError[]): string {
  const t = authTexts(language);
  const dateOfBirthHint = language === 'en' ? DATE_OF_BIRTH_HINT : t('dateOfBirthHint');
  return layout(
    t('registerTitle'),
    `<h1>${escapeHtml(t('registerTitle'))}</h1>
<p>${escapeHtml(t('registerLead'))}</p>
${errorSummary(errors, language)}
<form method="post" action="/account/register" novalidate>
${hiddenInputs({ ...params })}
${input({ name: 'firstName', label: t('firstName'), value: values.firstName, autocomplete: 'given-name', required: true, errors, language })}
${input({ name: 'middleName', label: t('middleName'), value: values.middleName, autocomplete: 'additional-name', errors, language })}
${input({ name: 'lastName', label: t('lastName'), value: values.lastName, autocomplete: 'family-name', required: true, errors, language })}
${input({ name: 'email', label: t('emailAddress'), type: 'email', value: values.email, autocomplete: 'email', required: true, errors, language })}
${input({ name: 'mobilePhone', label: t('mobileNumber'), type: 'tel', value: values.mobilePhone, autocomplete: 'tel', errors, language })}
${dateInput({ name: 'birth', legend: t('dateOfBirth'), hint: dateOfBirthHint, value: { day: values.birthDay, month: values.birthMonth, year: values.birthYear }, errors, language })}
<p>${escapeHtml(t('weWillEmailLink'))}</p>
<button type="submit">${escapeHtml(t('createAccountButton'))}</button>
</form>
<p>${withLink((v) => t('alreadyHaveAccount', v), `/account/sign-in?${query(params)}`, t('signInButton'))}</p>`,
    { language, hasErrors: errors.length > 0 },
  );
}

/** The portal's Support page, beside its home page. */
function supportUrl(portalUrl: string): string {
  return `${portalUrl.endsWith('/') ? portalUrl : `${portalUrl}/`}support`;
}

export type AccountView = { name: string; email: string; mobilePhone: string | null; birthDate: string | null };

export function accountPage(language: Language, clientId: string, portalUrl: string, account: AccountView, errors: FieldError[], notice?: string): string {
  const t = authTexts(language);
  const row = (label: string, value: string | null) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value ?? t('notGiven'))}</dd>`;
  return layout(
    t('accountTitle'),
    `<h1>${escapeHtml(t('accountTitle'))}</h1>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<dl>
${row(t('name'), account.name)}
${row(t('email'), account.email)}
${row(t('mobile'), account.mobilePhone)}
${row(t('dateOfBirthLabel'), account.birthDate)}
</dl>
<p>${escapeHtml(t('changeOnProfile'))}</p>
<h2>${escapeHtml(t('changeYourPassword'))}</h2>
${errorSummary(errors, language)}
<form method="post" action="/account/password" novalidate>
${hiddenInputs({ client_id: clientId })}
${passwordInput({ name: 'currentPassword', label: t('currentPassword'), autocomplete: 'current-password', required: true, errors, language })}
${passwordInput({ name: 'newPassword', label: t('newPassword'), autocomplete: 'new-password', required: true, hint: t('newPasswordHintShort'), errors, language })}
${passwordInput({ name: 'confirmPassword', label: t('confirmNewPassword'), autocomplete: 'new-password', required: true, errors, language })}
<button type="submit">${escapeHtml(t('changePassword'))}</button>
</form>
<p><a href="${escapeHtml(portalUrl)}">${escapeHtml(t('backToPortal'))}</a> · <a href="/app/logout/?client_id=${encodeURIComponent(clientId)}">${escapeHtml(t('signOutButton'))}</a></p>`,
    // Signed in: the portal's own support pages.
    { footer: `<a href="${escapeHtml(supportUrl(portalUrl))}">${escapeHtml(t('helpAndSupport'))}</a>`, hasErrors: errors.length > 0, language },
  );
}

/** After the registration form: the same page whether or not the address already has an account. */
export function checkEmailPage(language: Language, params: ClientParams, email: string): string {
  const t = authTexts(language);
  return layout(
    t('checkEmailTitle'),
    `<h1>${escapeHtml(t('checkEmailTitle'))}</h1>
<p class="notice" role="status">${withEmail((v) => t('sentEmailTo', v), email)}</p>
<p>${escapeHtml(t('openLinkToFinish'))}</p>
<p>${withLink((v) => t('noEmailStartAgain', v), `/account/register?${query(params)}`, t('startAgain'))}</p>
<p><a href="/account/sign-in?${escapeHtml(query(params))}">${escapeHtml(t('backToSignIn'))}</a></p>`,
    { language },
  );
}

/** After 'Send the link again': the same words whether or not the address has an unfinished account. */
export function registrationLinkSentAgainPage(language: Language, params: ClientParams, email: string): string {
  const t = authTexts(language);
  return layout(
    t('checkEmailTitle'),
    `<h1>${escapeHtml(t('checkEmailTitle'))}</h1>
<p class="notice" role="status">${withEmail((v) => t('linkSentAgainStatus', v), email)}</p>
<p>${escapeHtml(t('linkSentAgainText'))}</p>
<p>${withLink((v) => t('noEmailCreateAgain', v), `/account/register?${query(params)}`, t('createAccountAgain'))}</p>
<p><a href="/account/sign-in?${escapeHtml(query(params))}">${escapeHtml(t('backToSignIn'))}</a></p>`,
    { language },
  );
}

/**
 * The registration link, opened: the password is chosen here, by whoever holds the address (a link
 * scanner that only opens links creates nothing).
 */
export function confirmRegistrationPage(language: Language, token: string, email: string, errors: FieldError[]): string {
  const t = authTexts(language);
  return layout(
    t('finishTitle'),
    `<h1>${escapeHtml(t('finishTitle'))}</h1>
<p>${withEmail((v) => t('finishLead', v), email)}</p>
${errorSummary(errors, language)}
<form method="post" action="/account/verify" novalidate>
${hiddenInputs({ token })}
${passwordInput({ name: 'password', label: t('password'), autocomplete: 'new-password', required: true, hint: t('passwordHint'), errors, language })}
${passwordInput({ name: 'confirmPassword', label: t('confirmPassword'), autocomplete: 'new-password', required: true, errors, language })}
<button type="submit">${escapeHtml(t('createMyAccount'))}</button>
</form>
<p>${escapeHtml(t('didNotAskNoAccount'))}</p>`,
    { language, hasErrors: errors.length > 0 },
  );
}

/** A registration link that is spent, expired or unknown, or whose address has an account by now. */
export function registrationLinkProblemPage(language: Language, problem: 'expired' | 'exists'): string {
  const t = authTexts(language);
  const [title, text] =
    problem === 'exists' ? [t('alreadyHaveAccountTitle'), t('alreadyHaveAccountText')] : [t('linkExpiredTitle'), t('registrationLinkExpiredText')];
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>\n<p><a href="/">${escapeHtml(t('goToPortal'))}</a></p>`, { language });
}

/** 'Forgot your password?': the address to send a reset link to. */
export function forgotPasswordPage(language: Language, params: ClientParams, values: { email?: string }, errors: FieldError[]): string {
  const t = authTexts(language);
  return layout(
    t('resetTitle'),
    `<h1>${escapeHtml(t('resetTitle'))}</h1>
<p>${escapeHtml(t('resetLead'))}</p>
${errorSummary(errors, language)}
<form method="post" action="/account/forgot-password" novalidate>
${hiddenInputs({ ...params })}
${input({ name: 'email', label: t('emailAddress'), type: 'email', value: values.email, autocomplete: 'username', required: true, errors, language })}
<button type="submit">${escapeHtml(t('sendResetLink'))}</button>
</form>
<p><a href="/account/sign-in?${escapeHtml(query(params))}">${escapeHtml(t('backToSignIn'))}</a></p>`,
    { language, hasErrors: errors.length > 0 },
  );
}

/** After the reset request: the same page whether or not the address has an account. */
export function resetLinkSentPage(language: Language, params: ClientParams, email: string): string {
  const t = authTexts(language);
  return layout(
    t('checkEmailTitle'),
    `<h1>${escapeHtml(t('checkEmailTitle'))}</h1>
<p class="notice" role="status">${withEmail((v) => t('resetSentStatus', v), email)}</p>
<p>${escapeHtml(t('resetSentText'))}</p>
<p>${withLink((v) => t('noEmailAskAnother', v), `/account/forgot-password?${query(params)}`, t('askForAnotherLink'))}</p>
<p><a href="/account/sign-in?${escapeHtml(query(params))}">${escapeHtml(t('backToSignIn'))}</a></p>`,
    { language },
  );
}

/** The reset link, opened: the new password, twice. */
export function chooseNewPasswordPage(language: Language, token: string, errors: FieldError[]): string {
  const t = authTexts(language);
  return layout(
    t('chooseNewPasswordTitle'),
    `<h1>${escapeHtml(t('chooseNewPasswordTitle'))}</h1>
<p>${escapeHtml(t('chooseNewPasswordLead'))}</p>
${errorSummary(errors, language)}
<form method="post" action="/account/reset-password" novalidate>
${hiddenInputs({ token })}
${passwordInput({ name: 'newPassword', label: t('newPassword'), autocomplete: 'new-password', required: true, hint: t('passwordHint'), errors, language })}
${passwordInput({ name: 'confirmPassword', label: t('confirmNewPassword'), autocomplete: 'new-password', required: true, errors, language })}
<button type="submit">${escapeHtml(t('changePassword'))}</button>
</form>`,
    { language, hasErrors: errors.length > 0 },
  );
}

/** A reset link that is spent, expired or unknown. */
export function resetLinkProblemPage(language: Language): string {
  const t = authTexts(language);
  return layout(
    t('linkExpiredTitle'),
    `<h1>${escapeHtml(t('linkExpiredTitle'))}</h1>
<p>${escapeHtml(t('resetLinkExpiredText'))}</p>
<p>${escapeHtml(t('resetLinkHowToAsk'))}</p>
<p><a href="/">${escapeHtml(t('goToPortal'))}</a></p>`,
    { language },
  );
}

/** The link sent to a new email address, opened: one button confirms it (a link scanner that only opens links changes nothing). */
export function confirmEmailPage(language: Language, token: string, email: string, purpose: 'sign-in' | 'notifications' = 'sign-in'): string {
  const t = authTexts(language);
  const what = withEmail((v) => t(purpose === 'notifications' ? 'confirmNoticesEmail' : 'confirmSignInEmail', v), email);
  return layout(
    t('confirmEmailTitle'),
    `<h1>${escapeHtml(t('confirmEmailTitle'))}</h1>
<p>${what}</p>
<form method="post" action="/account/confirm-email" novalidate>
${hiddenInputs({ token })}
<button type="submit">${escapeHtml(t('confirmEmailButton'))}</button>
</form>
<p>${escapeHtml(t('didNotAskNothingChanges'))}</p>`,
    { language },
  );
}

/** The new address confirmed. */
export function emailChangedPage(language: Language, email: string, portalUrl: string, purpose: 'sign-in' | 'notifications' = 'sign-in'): string {
  const t = authTexts(language);
  const what = withEmail((v) => t(purpose === 'notifications' ? 'noticesNowGoTo' : 'nowSignInWith', v), email);
  return layout(
    t('emailChangedTitle'),
    `<h1>${escapeHtml(t('emailChangedTitle'))}</h1>
<p class="notice" role="status">${what}</p>
<p><a href="${escapeHtml(portalUrl)}">${escapeHtml(t('goToPortal'))}</a></p>`,
    { language },
  );
}

/** The link sent to the replaced address, opened: the address comes back with a new password (whoever made the change may know the old one). */
export function undoEmailChangePage(language: Language, token: string, email: string, errors: FieldError[]): string {
  const t = authTexts(language);
  return layout(
    t('changeBackTitle'),
    `<h1>${escapeHtml(t('changeBackTitle'))}</h1>
<p>${withEmail((v) => t('changeBackLead', v), email)}</p>
${errorSummary(errors, language)}
<form method="post" action="/account/undo-email-change" novalidate>
${hiddenInputs({ token })}
${passwordInput({ name: 'newPassword', label: t('newPassword'), autocomplete: 'new-password', required: true, hint: t('passwordHint'), errors, language })}
${passwordInput({ name: 'confirmPassword', label: t('confirmNewPassword'), autocomplete: 'new-password', required: true, errors, language })}
<button type="submit">${escapeHtml(t('changeBackButton'))}</button>
</form>`,
    { hasErrors: errors.length > 0, language },
  );
}

/** The address is back. */
export function emailChangeUndonePage(language: Language, email: string): string {
  const t = authTexts(language);
  return layout(
    t('changedBackTitle'),
    `<h1>${escapeHtml(t('changedBackTitle'))}</h1>
<p class="notice" role="status">${withEmail((v) => t('changedBackStatus', v), email)}</p>
<p><a href="/">${escapeHtml(t('goToPortal'))}</a></p>`,
    { language },
  );
}

/** A confirmation link that is spent, expired or unknown, or whose address another account took meanwhile. */
export function emailLinkProblemPage(language: Language, problem: 'expired' | 'taken'): string {
  const t = authTexts(language);
  const [title, text] = problem === 'taken' ? [t('notChangedTitle'), t('notChangedText')] : [t('linkExpiredTitle'), t('emailLinkExpiredText')];
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>\n<p><a href="/">${escapeHtml(t('goToPortal'))}</a></p>`, { language });
}

export type LogoutParams = { client_id: string; post_logout_redirect_uri: string };

/** Signing out is a POST (another site cannot sign anyone out with a link); this page asks first. */
export function logoutPage(language: Language, params: LogoutParams, portalUrl: string): string {
  const t = authTexts(language);
  return layout(
    t('signOutTitle'),
    `<h1>${escapeHtml(t('signOutHeading'))}</h1>
<p>${escapeHtml(t('signOutText'))}</p>
<form method="post" action="/app/logout/">
${hiddenInputs({ ...params })}
<button type="submit">${escapeHtml(t('signOutButton'))}</button>
</form>
<p><a href="${escapeHtml(portalUrl)}">${escapeHtml(t('noGoBack'))}</a></p>`,
    { language },
  );
}
