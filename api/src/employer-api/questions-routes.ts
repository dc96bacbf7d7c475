// /employer-api/v1/questions: payroll software reads employees' questions about their payslips and
// answers each once, with the employer's key (inside the employer API's scope: key and rate limit
// checked). Every query is bound to the key's employer: another employer's question is not found.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AnswerInputSchema, EmployerQuestionListSchema, EmployerQuestionSchema } from '@portal/shared/wire/payroll-questions';
import type { Db } from '../db/connect';
import { HttpError, errorResponses } from '../http/errors';
import { Id } from '../http/validation';
import { answerQuestion, employerQuestions } from '../payroll-questions/repository';
import { checkedAnswer } from '../payroll-questions/answer-text';

export type QuestionRouteOptions = { database: Db; common: Record<string, unknown> };

export const employerQuestionRoutes: FastifyPluginAsyncTypebox<QuestionRouteOptions> = async (app, { database, common }) => {
  app.get(
    '/questions',
    {
      schema: {
        ...common,
        operationId: 'listEmployerQuestions',
        summary: "Employees' questions about their payslips: the open ones first (oldest first), then the answered",
        response: { 200: EmployerQuestionListSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ questions: await employerQuestions(database, request.employerId!) }),
  );

  app.post(
    '/questions/:questionId/answer',
    {
      schema: {
        ...common,
        operationId: 'answerEmployerQuestion',
        summary: "Answer an employee's question, once: they are told, and read the answer beside the payslip",
        params: Type.Object({ questionId: Id('The question’s id') }),
        body: AnswerInputSchema,
        response: { 200: EmployerQuestionSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const employerId = request.employerId!;
      const { questionId } = request.params;
      const answer = checkedAnswer(request.body.answer);
      const result = await answerQuestion(database, employerId, questionId, answer, `api:${request.employerKeyId!}`);
      if (result.kind === 'not-found') throw HttpError.coded(404, 'question.not_found', `No question '${questionId}' of yours`);
      if (result.kind === 'already-answered') throw HttpError.coded(409, 'question.answered', 'This question has already been answered.');
      const [shown] = (await employerQuestions(database, employerId)).filter((q) => q.id === questionId);
      return shown!;
    },
  );
};
