// Words for the failures of the Settings security calls, by the API's error code; anything else goes
// to the one shared mapping (@portal/shared/api/user-message via getApiErrorMessage). Kept in this
// remote, not in the shared mapping that Home loads.
import { getApiErrorFacts, getApiErrorMessage } from '@portal/shared/api/client';
import { waitWords, type ErrorFacts } from '@portal/shared/api/user-message';
import type { ErrorCode } from '@portal/shared/wire/error-codes';

const WORDS: Partial<Record<ErrorCode, (facts: ErrorFacts) => string>> = {
  'two_step.code_incorrect': () => 'The code is not right. Enter the code your app shows now.',
  'two_step.code_malformed': () => 'Enter the 6 digits your authenticator app shows, like 123456.',
  'two_step.code_used': () => 'This code has already been used. Wait for your app to show a new code, then enter it.',
  'two_step.too_many_codes': ({ retryAfterSeconds }) => `Too many wrong codes. Wait ${waitWords(retryAfterSeconds)}, then try again.`,
  'password.too_many_attempts': ({ retryAfterSeconds }) => `Too many wrong passwords. Wait ${waitWords(retryAfterSeconds)}, then try again.`,
  'password.not_right': () => 'Your password is not right.',
  'two_step.already_on': () => 'Two-step sign-in is already on. Reload the page.',
  'two_step.not_set_up': () => 'Two-step sign-in is not on. Reload the page and start again.',
  'two_step.not_on': () => 'Two-step sign-in is not on. Reload the page and start again.',
  'two_step.required': () => 'As an employer admin you must keep two-step sign-in on.',
  'sessions.not_found': () => 'That session has already ended.',
  'sessions.current': () => 'This is the session you are using: sign out to end it.',
};

export function securityErrorMessage(error: unknown): string {
  const facts = getApiErrorFacts(error);
  const worded = facts.code ? WORDS[facts.code] : undefined;
  return worded ? worded(facts) : getApiErrorMessage(error);
}
