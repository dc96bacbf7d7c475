// The payroll team's answer as it is stored: trimmed, 1 to 2,000 characters (console and employer API alike).
import { ANSWER_MAX_CHARS } from '@portal/shared/api/payroll-questions';
import { HttpError } from '../http/errors';

export function checkedAnswer(text: string): string {
  const answer = text.trim();
  if (!answer) throw HttpError.coded(400, 'answer.empty', 'Enter your answer');
  if (answer.length > ANSWER_MAX_CHARS)
    throw HttpError.coded(400, 'answer.too_long', `Your answer must be ${ANSWER_MAX_CHARS.toLocaleString('en-GB')} characters or fewer`);
  return answer;
}
