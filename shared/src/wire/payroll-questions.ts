// Questions about a payslip's line to the employer's payroll team (/api/users/{userId}/payslips/{payslipId}/questions).
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ANSWER_MAX_CHARS, QUESTION_MAX_CHARS } from '@portal/shared/api/payroll-questions';

export const PayrollQuestionInputSchema = Type.Object(
  {
    lineName: Type.String({ minLength: 1, maxLength: 100, description: 'The payslip line asked about, as shown (e.g. "Income Tax")' }),
    linePence: Type.Integer({ description: 'The line’s amount as shown, in pence' }),
    question: Type.String({ description: `The question, at most ${QUESTION_MAX_CHARS.toLocaleString('en-GB')} characters` }),
  },
  { additionalProperties: false },
);

export const PayrollQuestionSchema = Type.Object(
  {
    id: Type.String(),
    payslipId: Type.String(),
    payDate: Type.String({ description: 'The payslip’s pay date (YYYY-MM-DD)' }),
    lineName: Type.String(),
    linePence: Type.Integer(),
    question: Type.String(),
    askedAt: Type.String({ description: 'ISO 8601' }),
    answer: Type.Union([Type.String(), Type.Null()], { description: 'The payroll team’s answer; null until answered' }),
    answeredAt: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

export const PayrollQuestionListSchema = Type.Array(PayrollQuestionSchema);

export type PayrollQuestionInput = Static<typeof PayrollQuestionInputSchema>;
export type PayrollQuestionDto = Static<typeof PayrollQuestionSchema>;

/** A question as the employer's payroll team sees it (console and employer API): whose, and about which payslip. */
export const EmployerQuestionSchema = Type.Object(
  {
    ...PayrollQuestionSchema.properties,
    employeeName: Type.String({ description: 'The employee’s name on their record' }),
    employmentId: Type.String({ description: 'The employer’s own id for the employee’s record' }),
  },
  { additionalProperties: false },
);

/** Open questions first (oldest first), then the answered ones (newest answer first). */
export const EmployerQuestionListSchema = Type.Object({ questions: Type.Array(EmployerQuestionSchema) }, { additionalProperties: false });

export const AnswerInputSchema = Type.Object(
  { answer: Type.String({ maxLength: 10_000, description: `The answer, 1 to ${ANSWER_MAX_CHARS.toLocaleString('en-GB')} characters once trimmed` }) },
  { additionalProperties: false },
);

export type EmployerQuestionDto = Static<typeof EmployerQuestionSchema>;
export type EmployerQuestionListDto = Static<typeof EmployerQuestionListSchema>;
