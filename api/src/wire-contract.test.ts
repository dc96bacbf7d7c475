// The wire contract (docs/architecture.md "Wire contract"): every /api answer is described by its schema in
// @portal/shared/wire, the same schema the front end's types are Static<> of (shared/src/api/types.test.ts).
// 1. The served OpenAPI document gives each route exactly that schema (so a route that stops using it,
//    or a document that says less, fails here).
// 2. What the routes really send fits those schemas, JSON inside envelopes included: no field the
//    schema lacks, none it names missing, no wrong type.
import { PayForecastSchema } from '@portal/shared/wire/forecast';
import { PackCheckAnswerSchema } from '@portal/shared/wire/pack-checks';
import { EmployerQuestionListSchema, EmployerQuestionSchema, PayrollQuestionListSchema, PayrollQuestionSchema } from '@portal/shared/wire/payroll-questions';
import type { TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { EnvelopeSchema, ErrorBodySchema } from '@portal/shared/wire/envelope';
import { AuthorisedUserListSchema, NotificationPreferencesSchema, PrivacyPolicyTextSchema, UserRecordSchema } from '@portal/shared/wire/users';
import {
  FinalizeResultSchema,
  InvitationSchema,
  LinkingCodeRequestSchema,
  LinkingCodeSentSchema,
  LinkingConfirmationSchema,
} from '@portal/shared/wire/linking';
import {
  DocumentTypeFlagsListSchema,
  IntranetDocumentListSchema,
  PayDocumentListSchema,
  PayslipListSchema,
  RecentUpdateListSchema,
} from '@portal/shared/wire/pay';
import { IdentityUserResponseSchema } from '@portal/shared/wire/identity';
import { PasswordChangedSchema } from '@portal/shared/wire/password';
import {
  RecoveryCodesSchema,
  SessionsEndedSchema,
  SignInHistorySchema,
  SignedInSessionListSchema,
  TwoStepSetUpSchema,
  TwoStepStatusSchema,
} from '@portal/shared/wire/account-security';
import { PasskeyCreationOptionsSchema, PasskeyListSchema, PasskeyRemovedSchema, PasskeySchema } from '@portal/shared/wire/passkeys';
import { AccountClosedSchema, AccountClosingSchema, ClosingCodeSentSchema } from '@portal/shared/wire/account';
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
import { CookieJar, DEMO, api, createTestApp, latestCode, outbox, register, signIn, signInAlex, unwrap } from './test/helpers';
import { freshCode, rememberSecret } from './test/second-step';
import { sessionIdOf } from './test/session-checks';
import { newAuthenticator, openSignInPage, postAssertion, signInOptions } from './test/passkeys';
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
  'GET /api/users/{userId}/payslips/{payslipId}/questions': EnvelopeSchema(PayrollQuestionListSchema),
  'POST /api/users/{userId}/payslips/{payslipId}/questions': EnvelopeSchema(PayrollQuestionSchema),
  'POST /api/users/{userId}/password': EnvelopeSchema(PasswordChangedSchema),
  'GET /api/users/{userId}/two-step': EnvelopeSchema(TwoStepStatusSchema),
  'POST /api/users/{userId}/two-step/set-up': EnvelopeSchema(TwoStepSetUpSchema),
  'POST /api/users/{userId}/two-step/confirm': EnvelopeSchema(RecoveryCodesSchema),
  'POST /api/users/{userId}/two-step/recovery-codes': EnvelopeSchema(RecoveryCodesSchema),
  'POST /api/users/{userId}/two-step/turn-off': EnvelopeSchema(TwoStepStatusSchema),
  'GET /api/users/{userId}/sessions': EnvelopeSchema(SignedInSessionListSchema),
  'POST /api/users/{userId}/sessions/{sessionId}/end': EnvelopeSchema(SessionsEndedSchema),
  'POST /api/users/{userId}/sessions/end-others': EnvelopeSchema(SessionsEndedSchema),
  'GET /api/users/{userId}/sign-ins': EnvelopeSchema(SignInHistorySchema),
  'GET /api/users/{userId}/passkeys': EnvelopeSchema(PasskeyListSchema),
  'POST /api/users/{userId}/passkeys/options': EnvelopeSchema(PasskeyCreationOptionsSchema),
  'POST /api/users/{userId}/passkeys': EnvelopeSchema(PasskeySchema),
  'PATCH /api/users/{userId}/passkeys/{passkeyId}': EnvelopeSchema(PasskeySchema),
  'DELETE /api/users/{userId}/passkeys/{passkeyId}': EnvelopeSchema(PasskeyRemovedSchema),
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
  [`GET ${EMPLOYMENT}/forecast`]: EnvelopeSchema(PayForecastSchema),
  'GET /api/users/{userId}/close-account': EnvelopeSchema(AccountClosingSchema),
  'POST /api/users/{userId}/close-account/code': EnvelopeSchema(ClosingCodeSentSchema),
  'POST /api/users/{userId}/close-account': EnvelopeSchema(AccountClosedSchema),
  'GET /api/user/{sub}': IdentityUserResponseSchema,
  'PATCH /api/user/{sub}': IdentityUserResponseSchema,
  'GET /api/employer-console': EnvelopeSchema(ConsoleHomeSchema),
  'POST /api/admin-invitations/{token}': EnvelopeSchema(AdminInvitationAcceptedSchema),
  'POST /api/verify-pack': EnvelopeSchema(PackCheckAnswerSchema),
  'GET /api/invitations/{token}': EnvelopeSchema(InvitationSchema),
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
  [`GET ${CONSOLE}/questions`]: EnvelopeSchema(EmployerQuestionListSchema),
  [`POST ${CONSOLE}/questions/{questionId}/answer`]: EnvelopeSchema(EmployerQuestionSchema),
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

  it('holds for the forecast of the next payslip, with a pension what-if', async () => {
    const url = `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/forecast`;
    await expectFits(`GET ${EMPLOYMENT}/forecast`, alex, url);
    await expectFits(`GET ${EMPLOYMENT}/forecast`, alex, `${url}?pensionPercent=8.5&salarySacrifice=true`);
  });

  it('holds for two-step sign-in, the sessions and the sign-in history in Settings', async () => {
    const user = await register(t.app, { email: 'wire.security@example.com', password: 'a-long-password-3' });
    const other = await signIn(t.app, user.email, 'a-long-password-3', new CookieJar());
    const base = `/api/users/${user.sub}`;
    await expectFits('GET /api/users/{userId}/two-step', user, `${base}/two-step`);
    const setUp = await api(t.app, user, 'POST', `${base}/two-step/set-up`, {});
    expect({ breaches: breaches(WIRE['POST /api/users/{userId}/two-step/set-up']!, setUp.json()) }).toEqual({ breaches: [] });
    rememberSecret(t.app, user.email, unwrap<{ key: string }>(setUp).data.key.replace(/ /g, ''));
    await expectFits('POST /api/users/{userId}/two-step/confirm', user, `${base}/two-step/confirm`, { code: await freshCode(t.app, user.email) });
    await expectFits('POST /api/users/{userId}/two-step/recovery-codes', user, `${base}/two-step/recovery-codes`, { code: await freshCode(t.app, user.email) });
    await expectFits('POST /api/users/{userId}/two-step/turn-off', user, `${base}/two-step/turn-off`, { password: 'a-long-password-3' });
    await expectFits('GET /api/users/{userId}/sessions', user, `${base}/sessions`);
    await expectFits('POST /api/users/{userId}/sessions/{sessionId}/end', user, `${base}/sessions/${sessionIdOf(other)}/end`, {});
    await expectFits('POST /api/users/{userId}/sessions/end-others', user, `${base}/sessions/end-others`, {});
    await expectFits('GET /api/users/{userId}/sign-ins', user, `${base}/sign-ins`);
  });

  it('holds for the identity user, read and changed', async () => {
    await expectFits('GET /api/user/{sub}', alex, `/api/user/${alex.sub}`);
    await expectFits('PATCH /api/user/{sub}', alex, `/api/user/${alex.sub}`, { user: { middleName: null } });
  });

  it('holds for a password change, and its coded refusal', async () => {
    const user = await register(t.app, { email: 'wire.password@example.com', password: 'a-long-password-3' });
    const path = `/api/users/${user.sub}/password`;
    const common = await api(t.app, user, 'POST', path, { currentPassword: 'a-long-password-3', newPassword: 'qwerty123456', confirmPassword: 'qwerty123456' });
    expect({ status: common.statusCode, breaches: breaches(ErrorBodySchema, common.json()), code: common.json().code }).toEqual({
      status: 400,
      breaches: [],
      code: 'password.too_common',
    });
    const chosen = 'Mulberry-payslip-ledger-7431';
    await expectFits('POST /api/users/{userId}/password', user, path, { currentPassword: 'a-long-password-3', newPassword: chosen, confirmPassword: chosen });
  });

  it('holds for the passkeys, added, listed (used and not), renamed and removed', async () => {
    const user = await register(t.app, { email: 'wire.passkeys@example.com', password: 'a-long-password-3' });
    const base = `/api/users/${user.sub}/passkeys`;
    const device = newAuthenticator();
    await expectFits('GET /api/users/{userId}/passkeys', user, base);
    const options = unwrap<Parameters<typeof device.register>[0]>(await api(t.app, user, 'POST', `${base}/options`, {})).data;
    await expectFits('POST /api/users/{userId}/passkeys/options', user, `${base}/options`, {});
    await expectFits('POST /api/users/{userId}/passkeys', user, base, { name: 'Wire phone', credential: device.register(options) });
    const again = unwrap<Parameters<typeof device.register>[0]>(await api(t.app, user, 'POST', `${base}/options`, {})).data;
    await expectFits('POST /api/users/{userId}/passkeys', user, base, { name: 'Wire laptop', credential: newAuthenticator().register(again) });
    // One of them signs in, so the list has a last use.
    const at = await openSignInPage(t.app);
    const assertion = device.assert(await signInOptions(t.app, at.jar));
    expect((await postAssertion(t.app, at, assertion)).statusCode).toBe(302);
    await expectFits('GET /api/users/{userId}/passkeys', user, base);
    const [used] = unwrap<{ id: string; lastUsedAt: string | null }[]>(await api(t.app, user, 'GET', base)).data;
    expect(used?.lastUsedAt).not.toBeNull();
    await expectFits('PATCH /api/users/{userId}/passkeys/{passkeyId}', user, `${base}/${used!.id}`, { name: 'Renamed' });
    await expectFits('DELETE /api/users/{userId}/passkeys/{passkeyId}', user, `${base}/${used!.id}`, {});
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

  it('holds for closing an account: what it means, the e-mailed code, the account closed, and its coded errors', async () => {
    const user = await register(t.app, { email: 'wire.closing@example.com', password: 'a-long-password-3' });
    await expectFits('GET /api/users/{userId}/close-account', user, `/api/users/${user.sub}/close-account`);
    await expectFits('POST /api/users/{userId}/close-account/code', user, `/api/users/${user.sub}/close-account/code`, {});
    const code = await latestCode(t.app, 'wire.closing@example.com');
    const wrong = await api(t.app, user, 'POST', `/api/users/${user.sub}/close-account`, {
      password: 'a-long-password-3',
      code: code === '999999' ? '999998' : '999999',
    });
    expect({ status: wrong.statusCode, breaches: breaches(ErrorBodySchema, wrong.json()), code: wrong.json().code, triesLeft: wrong.json().triesLeft }).toEqual(
      {
        status: 400,
        breaches: [],
        code: 'closing.code_wrong',
        triesLeft: 4,
      },
    );
    await expectFits('POST /api/users/{userId}/close-account', user, `/api/users/${user.sub}/close-account`, { password: 'a-long-password-3', code });
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

  it("holds for an invitation link's employer (no session needed), and its coded refusal", async () => {
    await expectFits('GET /api/invitations/{token}', alex, `/api/invitations/${DEMO.invitation.token}`);
    const refused = await t.app.inject({ method: 'GET', url: '/api/invitations/NO-SUCH-INVITATION' });
    expect({ status: refused.statusCode, breaches: breaches(ErrorBodySchema, refused.json()), code: refused.json().code }).toEqual({
      status: 404,
      breaches: [],
      code: 'linking.invitation_not_live',
    });
  });

  it("holds for a lender's check of a pack (no session needed), and its coded refusal", async () => {
    const sha256 = 'ab'.repeat(32);
    await expectFits('POST /api/verify-pack', alex, '/api/verify-pack', { code: 'ABCD-EFGH-JKLM-NPQR', sha256 });
    const refused = await t.app.inject({ method: 'POST', url: '/api/verify-pack', payload: { code: 'not a code', sha256 } });
    expect({ status: refused.statusCode, breaches: breaches(ErrorBodySchema, refused.json()), code: refused.json().code }).toEqual({
      status: 400,
      breaches: [],
      code: 'pack_check.code_invalid',
    });
  });

  it('holds for the payroll questions, asked, listed and answered in the console, and the coded refusal of a second answer', async () => {
    const alex = await signInAlex(t.app);
    const priya = await signInAsAdmin(t, DEMO.priya.email);
    const nw = `/api/employers/${DEMO.employers.northwind}`;
    const payslip = await t.database.db
      .selectFrom('payslips')
      .select('id')
      .where('employment_id', '=', DEMO.employments.alexNorthwind)
      .executeTakeFirstOrThrow();
    const mine = `/api/users/${DEMO.alex.id}/payslips/${payslip.id}/questions`;
    const body = { lineName: 'Income Tax', linePence: 41_260, question: 'Why did this go up?' };
    await expectFits('POST /api/users/{userId}/payslips/{payslipId}/questions', alex, mine, body);
    const id = unwrap<{ id: string }>(await api(t.app, alex, 'POST', mine, body)).data.id;
    await expectFits(`GET ${CONSOLE}/questions`, priya, `${nw}/questions`);
    await expectFits(`POST ${CONSOLE}/questions/{questionId}/answer`, priya, `${nw}/questions/${id}/answer`, { answer: 'Your tax code changed.' });
    await expectFits(`GET ${CONSOLE}/questions`, priya, `${nw}/questions`);
    await expectFits('GET /api/users/{userId}/payslips/{payslipId}/questions', alex, mine);
    const again = await api(t.app, priya, 'POST', `${nw}/questions/${id}/answer`, { answer: 'Again' });
    expect({ status: again.statusCode, breaches: breaches(ErrorBodySchema, again.json()), code: again.json().code }).toEqual({
      status: 409,
      breaches: [],
      code: 'console.question_answered',
    });
  });

  it('finds a breach where there is one (the check itself)', () => {
    const served = { data: JSON.stringify({ status: 200, error: null, data: [{ sent: true, extra: 1 }] }) };
    expect(breaches(EnvelopeSchema(Type.Array(LinkingCodeSentSchema)), served)).toEqual([expect.stringContaining('(JSON)/data/0')]);
  });
});
