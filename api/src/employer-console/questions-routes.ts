// The console's payroll questions: the employer's admins read what employees asked about their
// payslips and answer each once. Registered inside the console's /employers/:employerId scope,
// behind its access check; a question of another employer is not found.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AnswerInputSchema, EmployerQuestionListSchema, EmployerQuestionSchema } from '@portal/shared/wire/payroll-questions';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses } from '../http/errors';
import { Id } from '../http/validation';
import { Tag } from '../docs/openapi';
import { answerQuestion, employerQuestions } from '../payroll-questions/repository';
import { checkedAnswer } from '../payroll-questions/answer-text';
import { insertAuditEntry } from './audit-repository';
import { questionAnswered, questionNotFound } from './errors';

export const consoleQuestionRoutes: FastifyPluginAsyncTypebox<Deps> = async (employer, { database }) => {
  employer.get(
    '/questions',
    {
      schema: {
        operationId: 'listConsoleQuestions',
        tags: [Tag.employerConsole],
        summary: 'Employees’ questions about their payslips: the open ones first (oldest first), then the answered',
        params: Type.Object({ employerId: Id('The employer’s id') }),
        response: { 200: EnvelopeSchema(EmployerQuestionListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope({ questions: await employerQuestions(database, request.params.employerId) }),
  );

  employer.post(
    '/questions/:questionId/answer',
    {
      schema: {
        operationId: 'answerConsoleQuestion',
        tags: [Tag.employerConsole],
        summary: 'Answer an employee’s question (once): they are told, and read the answer beside the payslip',
        params: Type.Object({ employerId: Id('The employer’s id'), questionId: Id('The question’s id') }),
        body: AnswerInputSchema,
        response: { 200: EnvelopeSchema(EmployerQuestionSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { employerId, questionId } = request.params;
      const answer = checkedAnswer(request.body.answer);
      const actor = request.session!.sub;
      const result = await answerQuestion(database, employerId, questionId, answer, actor, (trx, question) =>
        insertAuditEntry(trx, {
          employerId,
          actorUserId: actor,
          action: 'question_answered',
          records: [],
          detail: `Answered a question about ${question.lineName} on the payslip for ${question.payDate}`,
          address: request.ip,
        }),
      );
      if (result.kind === 'not-found') throw questionNotFound();
      if (result.kind === 'already-answered') throw questionAnswered();
      const [shown] = (await employerQuestions(database, employerId)).filter((q) => q.id === questionId);
      return envelope(shown!);
    },
  );
};
