// Questions about a payslip's line to the employer's payroll team, as the front ends read them: the
// employee's own (/api/users/{userId}/payslips/{payslipId}/questions) and the employer's in the console
// (/api/employers/{employerId}/questions). Static<> of @portal/shared/wire/payroll-questions: type-only
// imports, so no TypeBox code reaches the browser.
import type { Static } from '@sinclair/typebox';
import type {
  AnswerInputSchema,
  EmployerQuestionListSchema,
  EmployerQuestionSchema,
  PayrollQuestionInputSchema,
  PayrollQuestionSchema,
} from '@portal/shared/wire/payroll-questions';

/** The longest question an employee may ask, and how many a day. */
export const QUESTION_MAX_CHARS = 1000;
export const QUESTIONS_PER_DAY = 10;
/** The longest answer the payroll team may give, once trimmed. */
export const ANSWER_MAX_CHARS = 2000;

export type PayrollQuestion = Static<typeof PayrollQuestionSchema>;
export type PayrollQuestionInput = Static<typeof PayrollQuestionInputSchema>;
/** A question as the employer's payroll team sees it: with whose it is (the record's name and the employer's own id). */
export type EmployerQuestion = Static<typeof EmployerQuestionSchema>;
export type EmployerQuestionList = Static<typeof EmployerQuestionListSchema>;
export type AnswerInput = Static<typeof AnswerInputSchema>;
