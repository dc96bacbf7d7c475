// The ONE place an API error becomes words for a user. The API's `{ error }`
// texts are written for developers ("params.phoneNumber must be ..."); a user meets only these
// messages, in the GOV.UK style: what went wrong and how to fix it. A server text nobody has
// mapped is never shown word for word: the status's plain message stands in for it.

export const GENERIC_USER_MESSAGE = 'Sorry, something went wrong. Try again.';
export const SERVER_USER_MESSAGE = 'Sorry, there is a problem with the service. Try again later.';
export const NETWORK_USER_MESSAGE = 'We could not reach the server. Check your connection and try again.';

/** A message with its title, for a notice. */
export type UserNotice = { title: string; text: string };

type Rule = { readonly when: RegExp; readonly say: (match: RegExpExecArray, triesLeft: number | null) => string };

/** '1 more try' or '3 more tries'. */
function moreTries(count: number): string {
  return count === 1 ? '1 more try' : `${count} more tries`;
}

const DETAILS_DO_NOT_MATCH = 'The details you entered do not match your employer’s records.';
const RECORD_LOCKED = 'Your employment record is locked after too many wrong answers. Contact your employer to unlock it.';

/** Wrong identity details: what happened and, when the API said, how many tries are left before the lock. */
function detailsDoNotMatch(triesLeft: number | null): string {
  if (triesLeft === null || triesLeft < 1) return `${DETAILS_DO_NOT_MATCH} Check them and try again.`;
  const left = `You have ${moreTries(triesLeft)} before your employment record is locked.`;
  // Before the last try, say what the lock means.
  return triesLeft === 1
    ? `${DETAILS_DO_NOT_MATCH} ${left} If that try is wrong too, your employer will have to unlock it.`
    : `${DETAILS_DO_NOT_MATCH} ${left}`;
}

/** Known API texts (matched on the field or the words), each with its message for the user. */
const RULES: readonly Rule[] = [
  { when: /phoneNumber|mobilePhone|phone number/i, say: () => 'Enter a UK mobile number, like 07700 900123.' },
  {
    when: /\bdob\b|birthDate.*future/i,
    say: (m) => (/future/.test(m.input) ? 'Date of birth must be in the past.' : 'Enter a real date of birth, for example, 14 5 1990.'),
  },
  { when: /birthDate|real date|written as/i, say: () => 'Enter a real date of birth, for example, 14 5 1990.' },
  { when: /NINumber|niNumber|National Insurance/i, say: () => 'Enter a National Insurance number in the right format, like QQ 12 34 56 C.' },
  { when: /bankAccount/i, say: () => 'Enter the last 4 digits of your bank account, like 1234.' },
  { when: /^Please wait (\d+) seconds/i, say: (m) => `You asked for a code a moment ago. Wait ${m[1]} seconds, then ask again.` },
  { when: /too many codes/i, say: () => 'You have asked for too many codes. Wait an hour, then ask again.' },
  { when: /too many incorrect codes/i, say: () => 'That code has had too many wrong tries. Ask for a new code and enter it.' },
  { when: /too many incorrect attempts/i, say: () => 'There have been too many wrong tries. Wait an hour, then try again.' },
  { when: /^Incorrect code$|linking code/i, say: () => 'Enter the 6-digit code we sent you.' },
  { when: /record is locked/i, say: () => RECORD_LOCKED },
  { when: /already linked to another account/i, say: () => 'This employment record is already linked to another account. Contact your employer.' },
  { when: /do not match your employer/i, say: (_m, triesLeft) => detailsDoNotMatch(triesLeft) },
  { when: /email address is already (used|in use)/i, say: () => 'That email address is already used by another account. Enter a different email address.' },
  { when: /(firstName|middleName|lastName).*more than (\d+) characters/i, say: (m) => `Names must be ${m[2]} characters or fewer.` },
  { when: /(firstName|lastName).*fewer than 1 characters/i, say: () => 'Enter your name.' },
  { when: /email.*must|must be an email/i, say: () => 'Enter an email address in the right format, like name@example.com.' },
  {
    when: /control character|cannot be stored/i,
    say: () => 'Remove any special characters (such as tabs or line breaks) from what you entered, then try again.',
  },
  { when: /already in use/i, say: () => 'Someone else changed this at the same time. Reload the page and try again.' },
  { when: /No such file/i, say: () => 'We could not find that file. It may have been removed. Go back and choose it again.' },
  { when: /for a proof of income/i, say: () => 'There is nothing to put in a proof of income yet: it needs a payslip or a P60 from this employer.' },
  { when: /many downloads in a short time/i, say: () => 'You have asked for many downloads in a short time. Wait a few minutes, then try again.' },
  { when: /No such employment/i, say: () => 'We could not find that employment on your account. Choose your account again.' },
];

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
 * The message for a user from an API failure's HTTP status (null: the server was not reached), its
 * `{ error }` text (null: none) and its `triesLeft` (null: none). `fallback` is the page's own words
 * when nothing else fits.
 */
export function userMessageFor(status: number | null, serverText: string | null, fallback = GENERIC_USER_MESSAGE, triesLeft: number | null = null): string {
  if (serverText) {
    for (const rule of RULES) {
      const match = rule.when.exec(serverText);
      if (match) return rule.say(match, triesLeft);
    }
  }
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
export function sendCodeNotice(status: number | null, serverText: string | null, waitSeconds: number | null): UserNotice & { tooSoon: boolean } {
  const lockout = status === 429 && serverText !== null ? /^Please wait (\d+) seconds/i.exec(serverText) : null;
  if (lockout) return { ...resendWaitNotice(waitSeconds ?? Number(lockout[1])), tooSoon: true };
  return { title: 'We could not send a code', text: userMessageFor(status, serverText), tooSoon: false };
}

/**
 * Where a person tries the identity check again: the link is reset, but the code sent to them still
 * works (a wrong answer costs it one of its tries), so they enter it again; a new one when it does not.
 */
export const TRY_AGAIN_WITH_YOUR_CODE =
  'To try again, go to ‘Link to your employer’ and enter the 6-digit code we sent you again (if it no longer works, ask for a new one)';

/** The next step after a failed identity check, on the link page: the same code again, or a new code. */
export type IdentityCheckNextStep = 'enter-code-again' | 'ask-for-new-code' | null;

/**
 * The one message after a failed identity check (finalize), which resets the link: what happened,
 * the tries left before the record locks, and where to try again. `nextStep` is null when trying
 * again cannot help (the record is locked, or linked to someone else).
 */
export function identityCheckNotice(
  status: number | null,
  serverText: string | null,
  triesLeft: number | null,
): UserNotice & { nextStep: IdentityCheckNextStep } {
  const text = serverText ?? '';
  if (status === 423 || /record is locked/i.test(text)) return { title: 'Your employment record is locked', text: RECORD_LOCKED, nextStep: null };
  if (/do not match your employer/i.test(text)) {
    const happened = triesLeft !== null && triesLeft > 0 ? detailsDoNotMatch(triesLeft) : DETAILS_DO_NOT_MATCH;
    return {
      title: 'Your details did not match',
      text: `${happened} ${TRY_AGAIN_WITH_YOUR_CODE}, then enter your details exactly as your employer has them.`,
      nextStep: 'enter-code-again',
    };
  }
  if (/already linked to another account/i.test(text))
    return { title: 'We could not confirm your information', text: userMessageFor(status, text), nextStep: null };
  if (/^Incorrect code$|too many incorrect codes/i.test(text)) {
    return {
      title: 'We could not confirm your information',
      text: 'Your linking code no longer works: a code expires after 10 minutes or 5 wrong tries. To try again, go to ‘Link to your employer’ and ask for a new code.',
      nextStep: 'ask-for-new-code',
    };
  }
  const happened = userMessageFor(status, serverText, 'Sorry, something went wrong.');
  return { title: 'We could not confirm your information', text: `${happened} ${TRY_AGAIN_WITH_YOUR_CODE}.`, nextStep: 'enter-code-again' };
}
