// The ONE place an API error becomes words for a user. Every error answer carries a `code` from
// the closed list (wire/error-codes.ts) and, for a field at fault, the `field`: the words are
// chosen by those, never by the `{ error }` text, which is written for developers
// ("params.phoneNumber must be ...") and may change. In the GOV.UK style: what went wrong and how to
// fix it, in the page's language (messages/en.json, messages/cy.json). A code nobody has worded here
// gets its status's plain message.
// Loaded on demand: the API client brings this module, and its Welsh, with the first failed call
// (api/client.ts loadErrorWords), so a page that never fails, such as Home, never downloads it.
import type { ErrorCode } from '@portal/shared/wire/error-codes';
import { defineMessages } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
// eslint-disable-next-line no-restricted-imports -- the catalog is this module's data, not a shared module
import en from './messages/en.json';

/** The error words in both languages. */
export const errorTexts = defineMessages('errors', { en, cy: () => import('./messages/cy.json') });

type ErrorTextId = keyof typeof en;
const t = (id: ErrorTextId, values?: Record<string, unknown>) => errorTexts.t(id, values);

/** A message with its title, for a notice. */
export type UserNotice = { title: string; text: string };

/** What a failed call said, as the words below need it (each null when absent; status null: not reached). */
export type ErrorFacts = {
  status: number | null;
  code: ErrorCode | null;
  field: string | null;
  triesLeft: number | null;
  /** Retry-After, in whole seconds. */
  retryAfterSeconds: number | null;
};

/** Facts with nothing but a status (a failure the server did not explain): the client's. */
export { factsOfStatus } from '@portal/shared/api/client';

/** How long to wait, from Retry-After's seconds: '1 minute', '12 minutes', '2 hours'; 'a few minutes' when not said. */
export function waitWords(seconds: number | null): string {
  if (seconds === null) return t('waitAFewMinutes');
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return t('waitMinutes', { minutes });
  return t('waitHours', { hours: Math.ceil(minutes / 60) });
}

/** Wrong identity details: what happened and, when the API said, how many tries are left before the lock. */
function detailsDoNotMatch(triesLeft: number | null): string {
  if (triesLeft === null || triesLeft < 1) return `${t('detailsDoNotMatch')} ${t('checkAndTryAgain')}`;
  const left = `${t('detailsDoNotMatch')} ${t('triesBeforeLock', { count: triesLeft })}`;
  // Before the last try, say what the lock means.
  return triesLeft === 1 ? `${left} ${t('lastTryWarning')}` : left;
}

/** A field at fault (`request.field_invalid`), by the name the request gives it. */
const FIELD_WORDS: Readonly<Record<string, ErrorTextId>> = {
  mobilePhone: 'fieldMobile',
  phoneNumber: 'fieldMobile',
  dob: 'fieldDateOfBirth',
  birthDate: 'fieldDateOfBirth',
  NINumber: 'fieldNiNumber',
  niNumber: 'fieldNiNumber',
  bankAccount: 'fieldBankAccount',
  code: 'fieldLinkingCode',
  firstName: 'fieldFirstName',
  middleName: 'fieldMiddleName',
  lastName: 'fieldLastName',
  email: 'fieldEmail',
};

/** The words of each code a person can meet, given what else the answer said. */
const CODE_WORDS: Partial<Record<ErrorCode, (facts: ErrorFacts) => string>> = {
  'linking.code_incorrect': () => t('fieldLinkingCode'),
  'linking.code_used_up': () => t('codeUsedUp'),
  'linking.resend_too_soon': ({ retryAfterSeconds }) =>
    retryAfterSeconds === null ? t('resendTooSoon') : t('resendTooSoonWait', { seconds: retryAfterSeconds }),
  'linking.too_many_codes': () => t('tooManyCodes'),
  'linking.too_many_attempts': () => t('tooManyAttempts'),
  'identity.record_locked': () => t('recordLocked'),
  'identity.already_linked': () => t('alreadyLinked'),
  'identity.mismatch': ({ triesLeft }) => detailsDoNotMatch(triesLeft),
  'profile.email_taken': () => t('emailTaken'),
  'profile.birth_date_in_future': () => t('birthDateInFuture'),
  'request.value_unstorable': () => t('valueUnstorable'),
  'request.in_use': () => t('inUse'),
  'files.not_found': () => t('fileNotFound'),
  'files.nothing_for_proof_of_income': () => t('nothingForProofOfIncome'),
  'files.too_many_downloads': () => t('tooManyDownloads'),
  'employment.not_found': () => t('employmentNotFound'),
  'request.field_invalid': ({ field }) => (field !== null && Object.hasOwn(FIELD_WORDS, field) ? t(FIELD_WORDS[field]!) : ''),
  // Settings' security: two-step sign-in, the password asked for to change it, sessions.
  'two_step.code_incorrect': () => t('twoStepCodeIncorrect'),
  'two_step.code_malformed': () => t('twoStepCodeMalformed'),
  'two_step.code_used': () => t('twoStepCodeUsed'),
  'two_step.too_many_codes': ({ retryAfterSeconds }) => t('twoStepTooManyCodes', { wait: waitWords(retryAfterSeconds) }),
  'password.too_many_attempts': ({ retryAfterSeconds }) => t('tooManyPasswords', { wait: waitWords(retryAfterSeconds) }),
  'password.not_right': () => t('passwordNotRight'),
  'two_step.already_on': () => t('twoStepAlreadyOn'),
  'two_step.not_set_up': () => t('twoStepNotOn'),
  'two_step.not_on': () => t('twoStepNotOn'),
  'two_step.required': () => t('twoStepRequired'),
  'sessions.not_found': () => t('sessionGone'),
  'sessions.current': () => t('sessionCurrent'),
};

function byStatus(status: number | null): string | null {
  if (status === null) return sharedTexts.t('noConnection');
  if (status === 401) return t('signedOut');
  if (status === 403) return t('forbidden');
  if (status === 404) return t('notFound');
  if (status === 429) return t('tooManyTries');
  if (status >= 500) return t('server');
  return null;
}

/**
 * The message for a user from an API failure's facts: the words of its code (and field), else its
 * status's. `fallback` is the page's own words when nothing more precise fits.
 */
export function userMessageFor(facts: ErrorFacts, fallback = sharedTexts.t('somethingWentWrong')): string {
  const worded = facts.code ? CODE_WORDS[facts.code]?.(facts) : undefined;
  if (worded) return worded;
  const { status } = facts;
  if (status !== null && status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 404 && status !== 429) return fallback;
  return byStatus(status) ?? fallback;
}

/** The spec's notice for a wrong linking code (section 2), with the tries the code has left when the API said. */
export function incorrectCodeNotice(triesLeft: number | null): UserNotice {
  const title = t('incorrectCodeTitle');
  if (triesLeft === null || triesLeft < 1) return { title, text: t('incorrectCode') };
  return { title, text: `${t('incorrectCode')} ${triesLeft === 1 ? t('codeLastTry') : t('codeTriesLeft', { count: triesLeft })}` };
}

/** What a user is told when asking for a code again too soon: how long to wait, not that sending failed. */
export function resendWaitNotice(seconds: number): UserNotice {
  return { title: t('resendWaitTitle'), text: t('resendWaitText', { seconds }) };
}

/**
 * A refused or failed code request. Too soon after the last one (the 30-second lockout) is not a
 * failure: a code is on its way, so `tooSoon` is set and the notice says how long to wait.
 */
export function sendCodeNotice(facts: ErrorFacts, waitSeconds: number | null): UserNotice & { tooSoon: boolean } {
  if (facts.code === 'linking.resend_too_soon') return { ...resendWaitNotice(waitSeconds ?? facts.retryAfterSeconds ?? 30), tooSoon: true };
  return { title: t('sendFailedTitle'), text: userMessageFor(facts), tooSoon: false };
}

/**
 * Where a person tries the identity check again: the link is reset, but the code sent to them still
 * works (a wrong answer costs it one of its tries), so they enter it again; a new one when it does not.
 */
export const tryAgainWithYourCode = () => t('tryAgainWithYourCode');

/** The next step after a failed identity check, on the link page: the same code again, or a new code. */
export type IdentityCheckNextStep = 'enter-code-again' | 'ask-for-new-code' | null;

/**
 * The one message after a failed identity check (finalize), which resets the link: what happened,
 * the tries left before the record locks, and where to try again. `nextStep` is null when trying
 * again cannot help (the record is locked, or linked to someone else).
 */
export function identityCheckNotice(facts: ErrorFacts): UserNotice & { nextStep: IdentityCheckNextStep } {
  const { code, triesLeft } = facts;
  if (code === 'identity.record_locked') return { title: t('lockedTitle'), text: t('recordLocked'), nextStep: null };
  if (code === 'identity.mismatch') {
    const happened = triesLeft !== null && triesLeft > 0 ? detailsDoNotMatch(triesLeft) : t('detailsDoNotMatch');
    return { title: t('mismatchTitle'), text: t('mismatchText', { happened, tryAgain: tryAgainWithYourCode() }), nextStep: 'enter-code-again' };
  }
  if (code === 'identity.already_linked') return { title: t('notConfirmedTitle'), text: userMessageFor(facts), nextStep: null };
  if (code === 'linking.code_incorrect' || code === 'linking.code_used_up') {
    return { title: t('notConfirmedTitle'), text: t('codeNoLongerWorks'), nextStep: 'ask-for-new-code' };
  }
  const happened = userMessageFor(facts, t('somethingWentWrongShort'));
  return { title: t('notConfirmedTitle'), text: t('failedTryAgain', { happened, tryAgain: tryAgainWithYourCode() }), nextStep: 'enter-code-again' };
}
