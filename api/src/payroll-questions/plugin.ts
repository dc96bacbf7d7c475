// GET and POST /api/users/{userId}/payslips/{payslipId}/questions: the employee's questions about a
// payslip's lines and their answers (inside the /api/users/:userId scope, whose hook checks ownership;
// another user's payslip is not found).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PayrollQuestionInputSchema, PayrollQuestionListSchema, PayrollQuestionSchema } from '@portal/shared/wire/payroll-questions';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses, HttpError } from '../http/errors';
import { Id } from '../http/validation';
import { Tag } from '../docs/openapi';
import { askQuestion, QUESTION_MAX_CHARS, QUESTIONS_PER_DAY, questionsOnPayslip } from './repository';

const params = Type.Object({ userId: Id('The signed-in user id'), payslipId: Id('A payslip of one of the user’s employments') });

export const payrollQuestionRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { database }) => {
  app.get(
    '/payslips/:payslipId/questions',
    {
      schema: {
        operationId: 'listPayrollQuestions',
        tags: [Tag.payrollQuestions],
        summary: 'The user’s questions about this payslip, oldest first, with any answers',
        params,
        response: { 200: EnvelopeSchema(PayrollQuestionListSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => envelope(await questionsOnPayslip(database, request.params.userId, request.params.payslipId)),
  );

  app.post(
    '/payslips/:payslipId/questions',
    {
      schema: {
        operationId: 'askPayrollQuestion',
        tags: [Tag.payrollQuestions],
        summary: `Ask the employer’s payroll team about a line of this payslip (at most ${QUESTIONS_PER_DAY} questions a day)`,
        params,
        body: PayrollQuestionInputSchema,
        response: { 200: EnvelopeSchema(PayrollQuestionSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const question = request.body.question.trim();
      if (!question) throw HttpError.coded(400, 'question.empty', 'Enter your question');
      if (question.length > QUESTION_MAX_CHARS)
        throw HttpError.coded(400, 'question.too_long', `Your question must be ${QUESTION_MAX_CHARS.toLocaleString('en-GB')} characters or fewer`);
      const result = await askQuestion(database, {
        userId: request.params.userId,
        payslipId: request.params.payslipId,
        lineName: request.body.lineName,
        linePence: request.body.linePence,
        question,
      });
      if (result.kind === 'not-found') throw HttpError.coded(404, 'payslip.not_found', 'Payslip not found');
      if (result.kind === 'limit')
        throw HttpError.coded(429, 'question.daily_limit', `You can ask at most ${QUESTIONS_PER_DAY} questions a day. Please try again tomorrow.`);
      return envelope(result.question);
    },
  );
};
