// The employer console's API: an employer's admins invite their employees, follow each record's
// linking, unlock records, read the audit log, invite further admins and answer employees' payroll questions. Every
// /api/employers/:employerId/... route sits behind requireConsoleAccess (admin of that employer, in
// a session that passed its second step); the console's home and accepting an admin invitation
// need only a session.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  AdminInvitationAcceptedSchema,
  AdminInvitedSchema,
  AdminListSchema,
  AuditPageSchema,
  ConsoleHomeSchema,
  EmployeeHistorySchema,
  EmployeePageSchema,
  InvitationResultSchema,
  LinkStateSchema,
  ResentSchema,
  RevokedSchema,
  UnlockedSchema,
} from '@portal/shared/wire/console';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses } from '../http/errors';
import { Email, Id } from '../http/validation';
import { Tag } from '../docs/openapi';
import { toIso } from '../db/convert';
import { londonIsoDate } from '../london-date';
import { emailLinkBase } from '../identity/email-changes';
import { requireConsoleAccess } from './access';
import { employersOfAdmin, sessionPassedSecondStep } from './access-repository';
import { employeePage, employeeRow, historyOf, liveInvitationsOf } from './employees-repository';
import { toEmployeeRows } from './employee-row';
import { consoleKeyRoutes } from './keys-routes';
import { consoleUpdateRoutes } from './updates-routes';
import { consoleMessageRoutes } from './messages-routes';
import { consoleQuestionRoutes } from './questions-routes';
import { auditEntries } from './audit-repository';
import { auditCsv, toAuditEntry } from './audit';
import { EmployeeInvitations } from './invitations';
import type { Actor } from './invitations';
import { EmployerAdmins } from './admins';
import { invalidRequest } from './errors';
import { consolePublishRoutes } from './publish-routes';

const EmployerParams = Type.Object({ employerId: Id('The employer’s id') });
const RecordParams = Type.Object({ employerId: Id('The employer’s id'), employmentId: Id('The record’s id') });
const Channel = Type.Union([Type.Literal('email'), Type.Literal('sms')], { description: 'How to send it: e-mail or text' });

/** A whole number in a query (queries are text: nothing is coerced). */
const WholeNumber = (description: string) => Type.String({ pattern: '^[1-9][0-9]{0,6}$', 'x-message': 'must be a whole number from 1', description });

/** A page size: 50 unless given, at most 200. */
function upTo200(name: string, value: string | undefined): number {
  const size = Number(value ?? 50);
  if (size > 200) throw invalidRequest(`query.${name} must be at most 200`);
  return size;
}

/** Kinds whose actor the history names: an admin's acts, and the account that linked. */
const NAMED_ACTOR = new Set(['invited', 'invitation_resent', 'invitation_revoked', 'unlocked', 'linked']);

/** The errors every /api/employers/:employerId route can give (signed out, no console access). */
const ACCESS_ERRORS = [400, 401, 403, 404] as const;

export const employerConsoleRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { db, database, config, messages } = deps;
  const invitations = new EmployeeInvitations(db, database.dialect, messages);
  const admins = new EmployerAdmins(db, messages);
  const actor = (request: FastifyRequest): Actor => ({ userId: request.session!.sub, address: request.ip, linkBase: emailLinkBase(config, request) });

  app.get(
    '/employer-console',
    {
      schema: {
        operationId: 'getEmployerConsole',
        tags: [Tag.employerConsole],
        summary: 'The employers the signed-in account runs the console of, and whether this session passed its second step',
        response: { 200: EnvelopeSchema(ConsoleHomeSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const session = request.session!;
      const [employers, secondStep] = await Promise.all([employersOfAdmin(db, session.sub), sessionPassedSecondStep(db, session.sid)]);
      return envelope({ employers, secondStep });
    },
  );

  app.post(
    '/admin-invitations/:token',
    {
      schema: {
        operationId: 'acceptAdminInvitation',
        tags: [Tag.employerConsole],
        summary: 'Accept an invitation to be an employer’s admin (the signed-in account’s e-mail must be the one invited)',
        params: Type.Object({
          token: Type.String({
            pattern: '^[A-Za-z0-9_-]{1,100}$',
            'x-message': 'must be the token from the invitation link',
            description: 'The token from the invitation link',
          }),
        }),
        response: { 200: EnvelopeSchema(AdminInvitationAcceptedSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await admins.accept(request.params.token, request.session!.sub)),
  );

  await app.register(
    async (scope) => {
      const employer = scope.withTypeProvider<TypeBoxTypeProvider>();
      employer.addHook('preValidation', requireConsoleAccess(db));
      await employer.register(consolePublishRoutes, deps);

      employer.get(
        '/employees',
        {
          schema: {
            operationId: 'listConsoleEmployees',
            tags: [Tag.employerConsole],
            summary: 'The employer’s records, searched, filtered by state, sorted and paged',
            params: EmployerParams,
            querystring: Type.Object(
              {
                q: Type.Optional(Type.String({ maxLength: 200, description: 'Part of a name, external id or e-mail (any case)' })),
                state: Type.Optional(LinkStateSchema),
                sort: Type.Optional(
                  Type.Union([Type.Literal('name'), Type.Literal('externalId'), Type.Literal('state'), Type.Literal('startDate')], { default: 'name' }),
                ),
                order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' })),
                page: Type.Optional(WholeNumber('The page, from 1 (default 1)')),
                pageSize: Type.Optional(WholeNumber('Records a page, 1 to 200 (default 50)')),
              },
              { additionalProperties: false },
            ),
            response: { 200: EnvelopeSchema(EmployeePageSchema), ...errorResponses(...ACCESS_ERRORS) },
          },
        },
        async (request) => {
          const { employerId } = request.params;
          const { q, state, sort = 'name', order = 'asc' } = request.query;
          const page = Number(request.query.page ?? 1);
          const pageSize = upTo200('pageSize', request.query.pageSize);
          const { rows, total } = await employeePage(db, employerId, { q, state, sort, order, page, pageSize });
          const live = await liveInvitationsOf(
            db,
            rows.map((r) => r.id),
          );
          return envelope({ employees: toEmployeeRows(rows, live), total, page, pageSize });
        },
      );

      employer.get(
        '/employees/:employmentId/history',
        {
          schema: {
            operationId: 'getConsoleEmployeeHistory',
            tags: [Tag.employerConsole],
            summary: 'A record and its history of invitations and linking, newest first (never a code or a token)',
            params: RecordParams,
            response: { 200: EnvelopeSchema(EmployeeHistorySchema), ...errorResponses(...ACCESS_ERRORS) },
          },
        },
        async (request) => {
          const { employerId, employmentId } = request.params;
          const row = (await employeeRow(db, employerId, employmentId))!;
          const [employee] = toEmployeeRows([row], await liveInvitationsOf(db, [employmentId]));
          const events = (await historyOf(db, employmentId)).map((e) => ({
            at: toIso(e.created_at),
            kind: e.kind,
            channel: e.channel === 'email' || e.channel === 'sms' ? e.channel : null,
            by: NAMED_ACTOR.has(e.kind) && e.email ? { name: `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim(), email: e.email } : null,
            reason: e.reason,
          }));
          return envelope({ employee, events });
        },
      );

      employer.post(
        '/invitations',
        {
          schema: {
            operationId: 'inviteConsoleEmployees',
            tags: [Tag.employerConsole],
            summary: 'Invite records to link (those named, or everyone not linked) by e-mail or text; answers who was invited and who skipped',
            params: EmployerParams,
            body: Type.Object(
              {
                channel: Channel,
                employmentIds: Type.Optional(Type.Array(Id('A record’s id'), { minItems: 1, maxItems: 500 })),
                everyoneNotLinked: Type.Optional(Type.Boolean({ description: 'Every record not linked (instead of employmentIds)' })),
              },
              { additionalProperties: false },
            ),
            response: { 200: EnvelopeSchema(InvitationResultSchema), ...errorResponses(...ACCESS_ERRORS, 409) },
          },
        },
        async (request) => {
          const { channel, employmentIds, everyoneNotLinked } = request.body;
          if ((employmentIds === undefined) === (everyoneNotLinked !== true)) {
            throw invalidRequest('body must have exactly one of employmentIds and everyoneNotLinked: true');
          }
          return envelope(await invitations.invite(request.params.employerId, actor(request), channel, employmentIds ?? 'everyone-not-linked'));
        },
      );

      employer.post(
        '/employees/:employmentId/invitation/resend',
        {
          schema: {
            operationId: 'resendConsoleInvitation',
            tags: [Tag.employerConsole],
            summary: 'Send the record’s invitation again, with a new link (at most once a minute)',
            params: RecordParams,
            response: { 200: EnvelopeSchema(ResentSchema), ...errorResponses(...ACCESS_ERRORS, 409, 429) },
          },
        },
        async (request) => envelope(await invitations.resend(request.params.employerId, request.params.employmentId, actor(request))),
      );

      employer.delete(
        '/employees/:employmentId/invitation',
        {
          schema: {
            operationId: 'revokeConsoleInvitation',
            tags: [Tag.employerConsole],
            summary: 'Withdraw the record’s invitation: its link stops working',
            params: RecordParams,
            response: { 200: EnvelopeSchema(RevokedSchema), ...errorResponses(...ACCESS_ERRORS, 409) },
          },
        },
        async (request) => envelope(await invitations.revoke(request.params.employerId, request.params.employmentId, actor(request))),
      );

      employer.post(
        '/employees/:employmentId/unlock',
        {
          schema: {
            operationId: 'unlockConsoleEmployee',
            tags: [Tag.employerConsole],
            summary: 'Unlock a record locked by failed identity checks, once the admin has checked who is asking',
            params: RecordParams,
            body: Type.Object(
              {
                identityChecked: Type.Literal(true, {
                  description: 'The admin checked the employee’s identity',
                  'x-message': 'must be true: check who is asking first',
                }),
                reason: Type.String({ minLength: 5, maxLength: 500, description: 'Why, for the history and the audit log' }),
              },
              { additionalProperties: false },
            ),
            response: { 200: EnvelopeSchema(UnlockedSchema), ...errorResponses(...ACCESS_ERRORS, 409) },
          },
        },
        async (request) =>
          envelope(await invitations.unlock(request.params.employerId, request.params.employmentId, actor(request), request.body.reason.trim())),
      );

      employer.get(
        '/audit',
        {
          schema: {
            operationId: 'listConsoleAudit',
            tags: [Tag.employerConsole],
            summary: 'The employer’s audit log, newest first, page by page',
            params: EmployerParams,
            querystring: Type.Object(
              {
                before: Type.Optional(
                  Type.String({ pattern: '^[0-9]{1,15}$', 'x-message': 'must be the `next` of the page before', description: 'The `next` of the page before' }),
                ),
                limit: Type.Optional(WholeNumber('Entries a page, 1 to 200 (default 50)')),
              },
              { additionalProperties: false },
            ),
            response: { 200: EnvelopeSchema(AuditPageSchema), ...errorResponses(...ACCESS_ERRORS) },
          },
        },
        async (request) => {
          const limit = upTo200('limit', request.query.limit);
          const before = request.query.before === undefined ? undefined : Number(request.query.before);
          const rows = await auditEntries(db, request.params.employerId, { before, limit: limit + 1 });
          const entries = rows.slice(0, limit).map(toAuditEntry);
          return envelope({ entries, next: rows.length > limit ? entries[entries.length - 1]!.id : null });
        },
      );

      employer.get(
        '/audit.csv',
        {
          schema: {
            operationId: 'downloadConsoleAudit',
            tags: [Tag.employerConsole],
            summary: 'The whole audit log as CSV (UTF-8)',
            params: EmployerParams,
            response: {
              200: { description: 'Time,Admin,Email,Action,Records,Detail,Address', content: { 'text/csv': { schema: Type.String() } } },
              ...errorResponses(...ACCESS_ERRORS),
            },
          },
        },
        async (request, reply) => {
          const { employerId } = request.params;
          const entries = (await auditEntries(db, employerId, {})).map(toAuditEntry);
          return reply
            .type('text/csv; charset=utf-8')
            .header('Content-Disposition', `attachment; filename="audit-${employerId}-${londonIsoDate()}.csv"`)
            .send(auditCsv(entries));
        },
      );

      employer.get(
        '/admins',
        {
          schema: {
            operationId: 'listConsoleAdmins',
            tags: [Tag.employerConsole],
            summary: 'The employer’s admins, and the invitations to become one still open',
            params: EmployerParams,
            response: { 200: EnvelopeSchema(AdminListSchema), ...errorResponses(...ACCESS_ERRORS) },
          },
        },
        async (request) => envelope(await admins.list(request.params.employerId)),
      );

      employer.post(
        '/admins',
        {
          schema: {
            operationId: 'inviteConsoleAdmin',
            tags: [Tag.employerConsole],
            summary: 'Invite someone by e-mail to be an admin of the employer (a one-time link, 14 days)',
            params: EmployerParams,
            body: Type.Object({ email: Email('Their e-mail address (they accept signed in with it)') }, { additionalProperties: false }),
            response: { 200: EnvelopeSchema(AdminInvitedSchema), ...errorResponses(...ACCESS_ERRORS) },
          },
        },
        async (request) => {
          await admins.invite(request.params.employerId, request.body.email, emailLinkBase(config, request), {
            userId: request.session!.sub,
            address: request.ip,
          });
          return envelope({ invited: true });
        },
      );

      await employer.register(consoleKeyRoutes, deps);
      await employer.register(consoleUpdateRoutes, deps);
      await employer.register(consoleMessageRoutes, deps);
      await employer.register(consoleQuestionRoutes, deps);
    },
    { prefix: '/employers/:employerId' },
  );
};
