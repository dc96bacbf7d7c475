// Words for the failures of the Settings security calls, by the API's error code; anything else goes
// to the one shared mapping (@portal/shared/api/user-message via getApiErrorMessage). Kept in this
// remote, not in the shared mapping that Home loads.
import { getApiErrorFacts, getApiErrorMessage } from '@portal/shared/api/client';
import { waitWords, type ErrorFacts } from '@portal/shared/api/user-message';
import type { ErrorCode } from '@portal/shared/wire/error-codes';
import { settingsTexts } from '../messages';

const t = settingsTexts.t;

const WORDS: Partial<Record<ErrorCode, (facts: ErrorFacts) => string>> = {
  'two_step.code_incorrect': () => t('codeIncorrect'),
  'two_step.code_malformed': () => t('codeMalformed'),
  'two_step.code_used': () => t('codeUsed'),
  'two_step.too_many_codes': ({ retryAfterSeconds }) => t('tooManyCodes', { wait: waitWords(retryAfterSeconds) }),
  'password.too_many_attempts': ({ retryAfterSeconds }) => t('tooManyPasswords', { wait: waitWords(retryAfterSeconds) }),
  'password.not_right': () => t('passwordNotRight'),
  'two_step.already_on': () => t('twoStepAlreadyOn'),
  'two_step.not_set_up': () => t('twoStepNotOn'),
  'two_step.not_on': () => t('twoStepNotOn'),
  'two_step.required': () => t('twoStepRequired'),
  'sessions.not_found': () => t('sessionGone'),
  'sessions.current': () => t('sessionCurrent'),
};

export function securityErrorMessage(error: unknown): string {
  const facts = getApiErrorFacts(error);
  const worded = facts.code ? WORDS[facts.code] : undefined;
  return worded ? worded(facts) : getApiErrorMessage(error);
}
