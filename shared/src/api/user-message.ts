// The ONE place an API error becomes words for a user. Every error answer carries a `code` from
// the closed list (wire/error-codes.ts) and, for a field at fault, the `field`: the words are
// chosen by those, never by the `{ error }` text, which is written for developers
// ("params.phoneNumber must be ...") and may change. In the GOV.UK style: what went wrong and how to
// fix it. A code nobody has worded here gets its status's plain message.
import type { ErrorCode } from '@portal/shared/wire/error-codes';

export const GENERIC_USER_MESSAGE = 'Sorry, something went wrong. Try again.';
export const SERVER_USER_MESSAGE = 'Sorry, there is a problem with the service. Try again later.';
export const NETWORK_USER_MESSAGE = 'We could not reach the server. Check your connection and try again.';

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

/** Facts with nothing but a status (a failure the server did not explain). */
export const factsOfStatus = (status: number | null): ErrorFacts => ({ status, code: null, field: null, triesLeft: null, retryAfterSeconds: null });

/** How long to wait, from Retry-After's seconds: '1 minute', '12 minutes', '2 hours'; 'a few minutes' when not said. */
export function waitWords(seconds: number | null): string {
  if (seconds === null) return 'a few minutes';
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** '1 more try' or '3 more tries'. */
function moreTries(count: number): string {
  return count === 1 ? '1 more try' : `${count} more tries`;
}

const DETAILS_DO_NOT_MATCH = 'The details you entered do not match your employer’s records.';
const RECORD_LOCKED = 'Your payroll record is locked after too many wrong answers. Contact your employer to unlock it.';

/** Wrong identity details: what happened and, when the API said, how many tries are left before the lock. */
function detailsDoNotMatch(triesLeft: number | null): string {
  if (triesLeft === null || triesLeft < 1) return `${DETAILS_DO_NOT_MATCH} Check them and try again.`;
  const left = `You have ${moreTries(triesLeft)} before your payroll record is locked.`;
  // Before the last try, say what the lock means.
  return triesLeft === 1
    ? `${DETAILS_DO_NOT_MATCH} ${left} If that try is wrong too, your employer will have to unlock it.`
    : `${DETAILS_DO_NOT_MATCH} ${left}`;
}

const DATE_OF_BIRTH = 'Enter a real date of birth, for example, 14 5 1990.';
const LINKING_CODE = 'Enter the 6-digit linking code we sent you.';

/** A field at fault (`request.field_invalid`), by the name the request gives it. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  mobilePhone: 'Enter a UK mobile number, like 07700 900123.',
  phoneNumber: 'Enter a UK mobile number, like 07700 900123.',
  dob: DATE_OF_BIRTH,
  birthDate: DATE_OF_BIRTH,
  NINumber: 'Enter a National Insurance number in the right format, like QQ 12 34 56 C.',
  niNumber: 'Enter a National Insurance number in the right format, like QQ 12 34 56 C.',
  bankAccount: 'Enter the last 4 digits of your bank account, like 1234.',
  code: LINKING_CODE,
  firstName: 'Enter your first name, in 100 characters or fewer.',
  middleName: 'Middle names must be 100 characters or fewer.',
  lastName: 'Enter your last name, in 100 characters or fewer.',
  email: 'Enter an email address in the right format, like name@example.com.',
};

/** The words of each code a person can meet, given what else the answer said. */
const CODE_WORDS: Partial<Record<ErrorCode, (facts: ErrorFacts) => string>> = {
  'linking.code_incorrect': () => LINKING_CODE,
  'linking.code_used_up': () => 'That code has had too many wrong tries. Ask for a new code and enter it.',
  'linking.resend_too_soon': ({ retryAfterSeconds }) =>
    retryAfterSeconds === null
      ? 'You asked for a code a moment ago. Wait a little, then ask again.'
      : `You asked for a code a moment ago. Wait ${retryAfterSeconds} seconds, then ask again.`,
  'linking.too_many_codes': () => 'You have asked for too many codes. Wait an hour, then ask again.',
  'linking.too_many_attempts': () => 'There have been too many wrong tries. Wait an hour, then try again.',
  'identity.record_locked': () => RECORD_LOCKED,
  'identity.already_linked': () => 'This payroll record is already linked to another account. Contact your employer.',
  'identity.mismatch': ({ triesLeft }) => detailsDoNotMatch(triesLeft),
  'profile.email_taken': () => 'That email address is already used by another account. Enter a different email address.',
  'profile.birth_date_in_future': () => 'Date of birth must be in the past.',
  'request.value_unstorable': () => 'Remove any special characters (such as tabs or line breaks) from what you entered, then try again.',
  'request.in_use': () => 'Someone else changed this at the same time. Reload the page and try again.',
  'files.not_found': () => 'We could not find that file. It may have been removed. Go back and choose it again.',
  'files.nothing_for_proof_of_income': () => 'There is nothing to put in a proof of income yet: it needs a payslip or a P60 from this employer.',
  'files.too_many_downloads': () => 'You have asked for many downloads in a short time. Wait a few minutes, then try again.',
  'employment.not_found': () => 'We could not find that employer on your account. Choose your employer again.',
  'request.field_invalid': ({ field }) => (field !== null && Object.hasOwn(FIELD_WORDS, field) ? FIELD_WORDS[field]! : ''),
};

function byStatus(status: number | null): string | null {
  if (status === null) return NETWORK_USER_MESSAGE;
  if (status === 401) return 'You have been signed out. Sign in again to carry on.';
  if (status === 403) return 'You cannot do that with this account. Reload the page and try again.';
  if (status === 404) return 'We could not find what you asked for. Go back and try again.';
  if (status === 429) return 'You have tried too many times. Wait a few minutes, then try again.';
  if (status >= 500) return SERVER_USER_MESSAGE;
  return null;
}

/**
 * The message for a user from an API failure's facts: the words of its code (and field), else its
 * status's. `fallback` is the page's own words when nothing more precise fits.
 */
export function userMessageFor(facts: ErrorFacts, fallback = GENERIC_USER_MESSAGE): string {
  const worded = facts.code ? CODE_WORDS[facts.code]?.(facts) : undefined;
  if (worded) return worded;
  const { status } = facts;
  if (status !== null && status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 404 && status !== 429) return fallback;
  return byStatus(status) ?? fallback;
}

/** The spec's notice for a wrong linking code (section 2), with the tries the code has left when the API said. */
export function incorrectCodeNotice(triesLeft: number | null): UserNotice {
  const spec = 'Please enter a correct linking code.';
  if (triesLeft === null || triesLeft < 1) return { title: 'Incorrect code', text: spec };
  const left = `You have ${moreTries(triesLeft)} with this code`;
  return { title: 'Incorrect code', text: triesLeft === 1 ? `${spec} ${left}; after that, ask for a new code.` : `${spec} ${left}.` };
}

/** What a user is told when asking for a code again too soon: how long to wait, not that sending failed. */
export function resendWaitNotice(seconds: number): UserNotice {
  const wait = seconds === 1 ? '1 second' : `${seconds} seconds`;
  return {
    title: 'Your code is on its way',
    text: `You asked for a code less than 30 seconds ago. Check your messages, or wait ${wait} and ask for a new one.`,
  };
}

/**
 * A refused or failed code request. Too soon after the last one (the 30-second lockout) is not a
 * failure: a code is on its way, so `tooSoon` is set and the notice says how long to wait.
 */
export function sendCodeNotice(facts: ErrorFacts, waitSeconds: number | null): UserNotice & { tooSoon: boolean } {
  if (facts.code === 'linking.resend_too_soon') return { ...resendWaitNotice(waitSeconds ?? facts.retryAfterSeconds ?? 30), tooSoon: true };
  return { title: 'We could not send a code', text: userMessageFor(facts), tooSoon: false };
}

/**
 * Where a person tries the identity check again: the link is reset, but the code sent to them still
 * works (a wrong answer costs it one of its tries), so they enter it again; a new one when it does not.
 */
export const TRY_AGAIN_WITH_YOUR_CODE =
  'To try again, go to ‘Link to your employer’ and enter the 6-digit linking code we sent you again (if it no longer works, ask for a new one)';

/** The next step after a failed identity check, on the link page: the same code again, or a new code. */
export type IdentityCheckNextStep = 'enter-code-again' | 'ask-for-new-code' | null;

/**
 * The one message after a failed identity check (finalize), which resets the link: what happened,
 * the tries left before the record locks, and where to try again. `nextStep` is null when trying
 * again cannot help (the record is locked, or linked to someone else).
 */
export function identityCheckNotice(facts: ErrorFacts): UserNotice & { nextStep: IdentityCheckNextStep } {
  const { code, triesLeft } = facts;
  if (code === 'identity.record_locked') return { title: 'Your payroll record is locked', text: RECORD_LOCKED, nextStep: null };
  if (code === 'identity.mismatch') {
    const happened = triesLeft !== null && triesLeft > 0 ? detailsDoNotMatch(triesLeft) : DETAILS_DO_NOT_MATCH;
    return {
      title: 'Your details did not match',
      text: `${happened} ${TRY_AGAIN_WITH_YOUR_CODE}, then enter your details exactly as your employer has them.`,
      nextStep: 'enter-code-again',
    };
  }
  if (code === 'identity.already_linked') return { title: 'We could not confirm your information', text: userMessageFor(facts), nextStep: null };
  if (code === 'linking.code_incorrect' || code === 'linking.code_used_up') {
    return {
      title: 'We could not confirm your information',
      text: 'Your linking code no longer works: a code expires after 10 minutes or 5 wrong tries. To try again, go to ‘Link to your employer’ and ask for a new code.',
      nextStep: 'ask-for-new-code',
    };
  }
  const happened = userMessageFor(facts, 'Sorry, something went wrong.');
  return { title: 'We could not confirm your information', text: `${happened} ${TRY_AGAIN_WITH_YOUR_CODE}.`, nextStep: 'enter-code-again' };
}
