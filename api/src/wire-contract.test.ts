// The wire contract (docs/architecture.md "Wire contract"): every /api answer is described by its schema in
// @portal/shared/wire, the same schema the front end's types are Static<> of (shared/src/api/types.test.ts).
// 1. The served OpenAPI document gives each route exactly that schema (so a route that stops using it,
//    or a document that says less, fails here).
// 2. What the routes really send fits those schemas, JSON inside envelopes included: no field the
//    schema lacks, none it names missing, no wrong type.
import type { TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { EnvelopeSchema, ErrorBodySchema } from '@portal/shared/wire/envelope';
import { AuthorisedUserListSchema, NotificationPreferencesSchema, PrivacyPolicyTextSchema, UserRecordSchema } from '@portal/shared/wire/users';
import { FinalizeResultSchema, LinkingCodeRequestSchema, LinkingCodeSentSchema, LinkingConfirmationSchema } from '@portal/shared/wire/linking';
import {
  DocumentTypeFlagsListSchema,
  IntranetDocumentListSchema,
  PayDocumentListSchema,
  PayslipListSchema,
  RecentUpdateListSchema,
} from '@portal/shared/wire/pay';
import { IdentityUserResponseSchema } from '@portal/shared/wire/identity';
import {
  AdminInvitationAcceptedSchema,
  AdminInvitedSchema,
  AdminListSchema,
  AuditPageSchema,
  ConsoleHomeSchema,
  ConsoleKeyCreatedSchema,
  ConsoleKeyListSchema,
  EmployeeHistorySchema,
  EmployeePageSchema,
  InvitationResultSchema,
  RecordMessagesSchema,
  ResentSchema,
  RevokedSchema,
  UpdatePostedSchema,
  UnlockedSchema,
  PayRunPreviewSchema,
  PayRunPublishedSchema,
  DocumentsPublishedSchema,
  DocumentsPreviewSchema,
} from '@portal/shared/wire/console';
import { DEMO, api, createTestApp, latestCode, outbox, register, signInAlex, unwrap } from './test/helpers';
import { signInAsAdmin } from './test/admins';
import { employmentRecord, payslip } from './employer-api/test-fixtures';
import { nowIso } from './db/convert';
import type { SignedIn, TestApp } from './test/helpers';

const EMPLOYMENT = '/api/users/{userId}/employments/{employmentId}';
const CONSOLE = '/api/employers/{employerId}';

/** The answer (HTTP 200, application/json) of every JSON route under /api, by "METHOD path". */
const WIRE: Record<string, TSchema> = {
  'GET /api/users/authorised': EnvelopeSchema(AuthorisedUserListSchema),
  'PATCH /api/users/{userId}': EnvelopeSchema(UserRecordSchema),
  'PATCH /api/users/{userId}/{id}': EnvelopeSchema(UserRecordSchema),
  'GET /api/users/{userId}/privacy_policy_text': EnvelopeSchema(PrivacyPolicyTextSchema),
  'GET /api/users/{userId}/notification-preferences': EnvelopeSchema(NotificationPreferencesSchema),
  'PUT /api/users/{userId}/notification-preferences': EnvelopeSchema(NotificationPreferencesSchema),
  'GET /api/users/{userId}/linking_code_email/{email}': EnvelopeSchema(LinkingCodeSentSchema),
  'GET /api/users/{userId}/linking_code_id/{token}/{phoneNumber}': EnvelopeSchema(LinkingCodeSentSchema),
  'GET /api/users/{userId}/linking_code_request': EnvelopeSchema(LinkingCodeRequestSchema),
  'GET /api/users/{userId}/linking_code/{code}': EnvelopeSchema(LinkingConfirmationSchema),
  'POST /api/users/{userId}/linking_code/{code}': EnvelopeSchema(FinalizeResultSchema),
  [`GET ${EMPLOYMENT}/document_types`]: EnvelopeSchema(DocumentTypeFlagsListSchema),
  [`GET ${EMPLOYMENT}/payslips`]: EnvelopeSchema(PayslipListSchema),
  [`GET ${EMPLOYMENT}/documents`]: EnvelopeSchema(PayDocumentListSchema),
  [`GET ${EMPLOYMENT}/updates`]: EnvelopeSchema(RecentUpdateListSchema),
  [`GET ${EMPLOYMENT}/intranet`]: EnvelopeSchema(IntranetDocumentListSchema),
  'GET /api/user/{sub}': IdentityUserResponseSchema,
  'PATCH /api/user/{sub}': IdentityUserResponseSchema,
  'GET /api/employer-console': EnvelopeSchema(ConsoleHomeSchema),
  'POST /api/admin-invitations/{token}': EnvelopeSchema(AdminInvitationAcceptedSchema),
  [`GET ${CONSOLE}/employees`]: EnvelopeSchema(EmployeePageSchema),
  [`GET ${CONSOLE}/employees/{employmentId}/history`]: EnvelopeSchema(EmployeeHistorySchema),
  [`POST ${CONSOLE}/invitations`]: EnvelopeSchema(InvitationResultSchema),
  [`POST ${CONSOLE}/employees/{employmentId}/invitation/resend`]: EnvelopeSchema(ResentSchema),
  [`DELETE ${CONSOLE}/employees/{employmentId}/invitation`]: EnvelopeSchema(RevokedSchema),
  [`POST ${CONSOLE}/employees/{employmentId}/unlock`]: EnvelopeSchema(UnlockedSchema),
  [`GET ${CONSOLE}/employees/{employmentId}/messages`]: EnvelopeSchema(RecordMessagesSchema),
  [`GET ${CONSOLE}/keys`]: EnvelopeSchema(ConsoleKeyListSchema),
  [`POST ${CONSOLE}/keys`]: EnvelopeSchema(ConsoleKeyCreatedSchema),
  [`DELETE ${CONSOLE}/keys/{keyId}`]: EnvelopeSchema(RevokedSchema),
  [`POST ${CONSOLE}/updates`]: EnvelopeSchema(UpdatePostedSchema),
  [`GET ${CONSOLE}/audit`]: EnvelopeSchema(AuditPageSchema),
  [`GET ${CONSOLE}/admins`]: EnvelopeSchema(AdminListSchema),
  [`POST ${CONSOLE}/admins`]: EnvelopeSchema(AdminInvitedSchema),
  [`POST ${CONSOLE}/pay-runs/preview`]: EnvelopeSchema(PayRunPreviewSchema),
  [`POST ${CONSOLE}/pay-runs/publish`]: EnvelopeSchema(PayRunPublishedSchema),
  [`POST ${CONSOLE}/documents/preview`]: EnvelopeSchema(DocumentsPreviewSchema),
  [`POST ${CONSOLE}/documents/publish`]: EnvelopeSchema(DocumentsPublishedSchema),
};

/** A schema as JSON: what a document can carry (TypeBox's symbol keys dropped). */
const asJson = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema));

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<OpenApi>();
});
afterAll(() => t.close());

describe('the OpenAPI document serves the wire schemas', () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const));

  it('gives every JSON route under /api exactly its schema from @portal/shared/wire', () => {
    const json = operations().filter(
      ([key, op]) => key.includes(' /api/') && key !== 'GET /api/docs/openapi.json' && op.responses['200']?.content?.['application/json'],
    );
    expect(json.map(([key]) => key).sort()).toEqual(Object.keys(WIRE).sort());
    for (const [key, op] of json) {
      expect({ route: key, schema: op.responses['200']!.content!['application/json']!.schema }).toEqual({ route: key, schema: asJson(WIRE[key]) });
    }
  });

  it('describes every error as the wire error body', () => {
    expect(doc.components.schemas.ErrorBody).toEqual(asJson(ErrorBodySchema));
    for (const [key, op] of operations().filter(([key]) => key.includes(' /api/'))) {
      for (const [status, response] of Object.entries(op.responses).filter(([status]) => Number(status) >= 400)) {
        expect({ route: key, status, schema: response.content?.['application/json']?.schema }).toEqual({
          route: key,
          status,
          schema: { $ref: '#/components/schemas/ErrorBody' },
        });
      }
    }
  });
});

/** Where `value` breaks `schema`, also inside JSON text a schema describes with `contentSchema`. */
function breaches(schema: TSchema, value: unknown, path = ''): string[] {
  const found = [...Value.Errors(schema, value)].map((error) => `${path}${error.path} ${error.message}`);
  if (found.length) return found;
  if (typeof value === 'string' && schema.contentSchema) return breaches(schema.contentSchema as TSchema, JSON.parse(value), `${path}(JSON)`);
  if (Array.isArray(value) && schema.items) return value.flatMap((item, i) => breaches(schema.items as TSchema, item, `${path}/${i}`));
  if (value && typeof value === 'object' && schema.properties) {
    // Absent optional fields passed the check above; the present ones are looked into.
    const present = Object.entries(schema.properties as Record<string, TSchema>).filter(([name]) => name in value);
    return present.flatMap(([name, property]) => breaches(property, (value as Record<string, unknown>)[name], `${path}/${name}`));
  }
  return [];
}

describe('what the routes send fits the wire schemas', () => {
  let alex: SignedIn;
  beforeAll(async () => {
    alex = await signInAlex(t.app);
  });

  async function expectFits(key: string, user: SignedIn, url: string, payload?: unknown) {
    const res = await api(t.app, user, key.split(' ')[0]!, url, payload);
    expect({ key, status: res.statusCode }).toEqual({ key, status: 200 });
    expect({ key, breaches: breaches(WIRE[key]!, res.json()) }).toEqual({ key, breaches: [] });
  }

  it('holds for the signed-in user, their record and the privacy notice', async () => {
    await expectFits('GET /api/users/authorised', alex, '/api/users/authorised');
    await expectFits('PATCH /api/users/{userId}', alex, `/api/users/${alex.sub}`, { privacyPolicyAccepted: true });
    await expectFits('PATCH /api/users/{userId}/{id}', alex, `/api/users/${alex.sub}/${alex.sub}`, { privacyPolicyAccepted: true });
    await expectFits('GET /api/users/{userId}/privacy_policy_text', alex, `/api/users/${alex.sub}/privacy_policy_text`);
  });

  it('holds for every employment list, of an active and an ended employment', async () => {
    for (const employmentId of [DEMO.employments.alexNorthwind, DEMO.employments.alexBrightwater]) {
      for (const list of ['document_types', 'payslips', 'documents', 'updates', 'intranet']) {
        await expectFits(`GET ${EMPLOYMENT}/${list}`, alex, `/api/users/${alex.sub}/employments/${employmentId}/${list}`);
      }
    }
  });

  it('holds for the identity user, read and changed', async () => {
    await expectFits('GET /api/user/{sub}', alex, `/api/user/${alex.sub}`);
    await expectFits('PATCH /api/user/{sub}', alex, `/api/user/${alex.sub}`, { user: { middleName: null } });
  });

  it('holds for the linking calls, from sending a code to finalize', async () => {
    // One send per user in 30 s: the invitation is sent for a second account.
    const invited = await register(t.app, { email: 'wire.invited@example.com', password: 'a-long-password-3' });
    await expectFits(
      'GET /api/users/{userId}/linking_code_id/{token}/{phoneNumber}',
      invited,
      `/api/users/${invited.sub}/linking_code_id/INVITE-2026-DEMO/07700900123`,
    );
    const user = await register(t.app, { email: 'wire.contract@example.com', password: 'a-long-password-3' });
    await expectFits('GET /api/users/{userId}/linking_code_request', user, `/api/users/${user.sub}/linking_code_request`);
    await expectFits('GET /api/users/{userId}/linking_code_email/{email}', user, `/api/users/${user.sub}/linking_code_email/new.starter%40example.com`);
    await expectFits('GET /api/users/{userId}/linking_code_request', user, `/api/users/${user.sub}/linking_code_request`);
    const code = await latestCode(t.app, 'new.starter@example.com');
    // A wrong code and wrong details answer the wire's error body, with the tries left.
    const wrongCode = await api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code/${code === '999999' ? '999998' : '999999'}`);
    expect({ status: wrongCode.statusCode, breaches: breaches(ErrorBodySchema, wrongCode.json()), triesLeft: wrongCode.json().triesLeft }).toEqual({
      status: 400,
      breaches: [],
      triesLeft: 4,
    });
    await expectFits('GET /api/users/{userId}/linking_code/{code}', user, `/api/users/${user.sub}/linking_code/${code}`);
    const body = { NINumber: 'AB123456C', bankAccount: '4321', dob: '05/14/1990', externalEmploymentID: DEMO.employments.newStarter, code };
    const wrongDetails = await api(t.app, user, 'POST', `/api/users/${user.sub}/linking_code/${code}`, { ...body, bankAccount: '0000' });
    expect({ status: wrongDetails.statusCode, breaches: breaches(ErrorBodySchema, wrongDetails.json()), triesLeft: wrongDetails.json().triesLeft }).toEqual({
      status: 400,
      breaches: [],
      triesLeft: 4,
    });
    await expectFits('POST /api/users/{userId}/linking_code/{code}', user, `/api/users/${user.sub}/linking_code/${code}`, body);
  });

  it('holds for the employer console, every route, and its coded errors', async () => {
    const priya = await signInAsAdmin(t, DEMO.priya.email);
    const nw = `/api/employers/${DEMO.employers.northwind}`;
    await expectFits('GET /api/employer-console', priya, '/api/employer-console');
    await expectFits(`GET ${CONSOLE}/employees`, priya, `${nw}/employees?sort=state&order=desc&pageSize=3`);
    await expectFits(`POST ${CONSOLE}/invitations`, priya, `${nw}/invitations`, { channel: 'sms', employmentIds: ['em_nw_casey', 'em_nw_robin'] });
    await expectFits(`GET ${CONSOLE}/employees/{employmentId}/history`, priya, `${nw}/employees/em_nw_casey/history`);
    await t.database.db
      .updateTable('employee_invitations')
      .set({ last_sent_at: nowIso(-61_000) })
      .where('employment_id', '=', 'em_nw_casey')
      .execute();
    await expectFits(`POST ${CONSOLE}/employees/{employmentId}/invitation/resend`, priya, `${nw}/employees/em_nw_casey/invitation/resend`, {});
    await expectFits(`DELETE ${CONSOLE}/employees/{employmentId}/invitation`, priya, `${nw}/employees/em_nw_casey/invitation`, {});
    await t.database.db.updateTable('employments').set({ locked_at: nowIso(), failed_checks: 5 }).where('id', '=', 'em_nw_robin').execute();
    await expectFits(`POST ${CONSOLE}/employees/{employmentId}/unlock`, priya, `${nw}/employees/em_nw_robin/unlock`, {
      identityChecked: true,
      reason: 'Seen in person',
    });
    await expectFits(`GET ${CONSOLE}/audit`, priya, `${nw}/audit?limit=2`);
    await expectFits(`POST ${CONSOLE}/admins`, priya, `${nw}/admins`, { email: 'wire.admin@example.com' });
    await expectFits(`GET ${CONSOLE}/admins`, priya, `${nw}/admins`);
    const token = new URL((await outbox(t.app, 'wire.admin@example.com'))[0]!.link!).searchParams.get('token')!;
    const admin = await register(t.app, { email: 'wire.admin@example.com', password: 'a-long-password-3' });
    await expectFits('POST /api/admin-invitations/{token}', admin, `/api/admin-invitations/${token}`, {});
    await expectFits(`POST ${CONSOLE}/pay-runs/preview`, priya, `${nw}/pay-runs/preview`, { payRun: { payRunId: 'WIRE-1', payslips: [{ payslipId: 'x' }] } });
    const file = {
      employments: [{ employmentId: 'WIRE-E1', ...employmentRecord() }],
      payRun: { payRunId: 'WIRE-2', payslips: [payslip('WIRE-2-1', 'WIRE-E1')] },
    };
    const { uploadId } = unwrap<{ uploadId: string }>(await api(t.app, priya, 'POST', `${nw}/pay-runs/preview`, file)).data;
    await expectFits(`POST ${CONSOLE}/pay-runs/publish`, priya, `${nw}/pay-runs/publish`, { uploadId });
    const refused = await api(t.app, priya, 'POST', `${nw}/employees/em_nw_robin/unlock`, { identityChecked: true, reason: 'Seen in person' });
    expect({ status: refused.statusCode, breaches: breaches(ErrorBodySchema, refused.json()), code: refused.json().code }).toEqual({
      status: 409,
      breaches: [],
      code: 'console.not_locked',
    });
  });

  it('holds for the console’s keys, updates and a record’s messages, and their coded errors', async () => {
    const priya = await signInAsAdmin(t, DEMO.priya.email);
    const nw = `/api/employers/${DEMO.employers.northwind}`;
    await expectFits(`POST ${CONSOLE}/keys`, priya, `${nw}/keys`, { name: 'Wire payroll' });
    await expectFits(`POST ${CONSOLE}/keys`, priya, `${nw}/keys`, {});
    // One key used by the employer API (its last use set), another revoked (its time set).
    const made = async () => unwrap<{ key: { id: string }; secret: string }>(await api(t.app, priya, 'POST', `${nw}/keys`, {})).data;
    const used = await made();
    const key = (await made()).key.id;
    const call = await t.app.inject({
      url: `/employer-api/v1/employments/${DEMO.employments.alexNorthwind}`,
      headers: { authorization: `Bearer ${used.secret}` },
    });
    expect(call.statusCode).toBe(200);
    await expectFits(`DELETE ${CONSOLE}/keys/{keyId}`, priya, `${nw}/keys/${key}`, {});
    await expectFits(`GET ${CONSOLE}/keys`, priya, `${nw}/keys`);
    await expectFits(`POST ${CONSOLE}/updates`, priya, `${nw}/updates`, { header: 'Payday moves to Thursday', from: 'Payroll' });
    await api(t.app, priya, 'POST', `${nw}/invitations`, { channel: 'email', employmentIds: ['em_nw_casey'] });
    await expectFits(`GET ${CONSOLE}/employees/{employmentId}/messages`, priya, `${nw}/employees/em_nw_casey/messages`);
    for (const [path, status, code] of [
      [`${nw}/keys/${key}`, 409, 'console.key_revoked'],
      [`${nw}/keys/ek_000000000000000000`, 404, 'console.key_not_found'],
    ] as const) {
      const refused = await api(t.app, priya, 'DELETE', path, {});
      expect({ status: refused.statusCode, breaches: breaches(ErrorBodySchema, refused.json()), code: refused.json().code }).toEqual({
        status,
        breaches: [],
        code,
      });
    }
  });

  it('finds a breach where there is one (the check itself)', () => {
    const served = { data: JSON.stringify({ status: 200, error: null, data: [{ sent: true, extra: 1 }] }) };
    expect(breaches(EnvelopeSchema(Type.Array(LinkingCodeSentSchema)), served)).toEqual([expect.stringContaining('(JSON)/data/0')]);
  });
});
