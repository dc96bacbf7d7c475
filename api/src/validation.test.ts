// Bad input on every route: malformed ids, wrong types, missing and oversize fields, bad JSON,
// control characters, broken URLs and malformed HTTP. The answer is always a 4xx with
// `{ status, error }` naming the problem, never a 500 or Fastify's own shape.
import net from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { installErrorHandling, REFUSED_BODY_DRAIN_LIMIT } from './http/errors';
import { apiRoutes, FINALIZE_BODY } from './test/routes';
import { CLIENT_ID, FRONT_END, createTestApp, signInAlex } from './test/helpers';
import { csrfTokenOf } from './test/forms';
import type { SignedIn, TestApp } from './test/helpers';
import { DEMO } from './db/seed';

let t: TestApp;
let alex: SignedIn;
/** Calls come from the portal's pages, as a browser sends them: Origin on every non-GET, forms with the CSRF token. */
let browser: { origin: string };
let csrfToken: string;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
  browser = { origin: FRONT_END };
  csrfToken = await csrfTokenOf(t.app, alex.jar);
});
afterAll(() => t.close());

const GOOD: Record<string, string> = {
  id: DEMO.alex.id,
  userId: DEMO.alex.id,
  sub: DEMO.alex.id,
  employmentId: DEMO.employments.alexNorthwind,
  employerId: DEMO.employers.northwind,
  fileId: 'doc_alex_nw_p60_2526',
  email: 'nobody@example.com',
  token: 'INVITE-2026-DEMO',
  phoneNumber: '07700900123',
  code: '123456',
  taxYear: '2025-26',
  keyId: 'ek_000000000000000000',
  sessionId: 'ses_000000000000000000',
  passkeyId: 'pk_not_a_passkey',
  payslipId: 'ps_not_a_payslip',
  questionId: 'pq_not_a_question',
};

const BAD_PARAMS: Record<string, string[]> = {
  id: ['not a valid id!', 'x'.repeat(65), 'a/b'],
  userId: ['not a valid id!', 'x'.repeat(65), '<script>'],
  sub: ['not a valid id!', 'x'.repeat(65)],
  employmentId: ['emp loyment', 'x'.repeat(65), "'; drop table payslips;--"],
  fileId: ['../../etc/passwd', 'x'.repeat(65)],
  email: ['not-an-email', `${'a'.repeat(250)}@example.com`],
  token: ['bad token!', 'x'.repeat(101)],
  phoneNumber: ['call-me', '1'.repeat(30)],
  code: ['12345', '1234567', 'abcdef'],
  taxYear: ['2025', '2025-2026', '25-26', 'latest'],
  sessionId: ['not a session!', 'x'.repeat(65)],
  passkeyId: ['not a valid id!', 'x'.repeat(65)],
};

function fill(route: string, values: Record<string, string>): string {
  return route.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? GOOD[name]!));
}

type Case = { name: string; method: string; url: string; payload?: string; contentType?: string };

const cases: Case[] = [];

// Malformed path parameters, one at a time, on every /api route but the employer console's, which
// answers a malformed id like an unknown one (404, employer-console/access.test.ts).
for (const r of apiRoutes.filter((x) => !x.route.startsWith('/api/employers/'))) {
  const params = [...r.route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  for (const p of params) {
    for (const bad of BAD_PARAMS[p] ?? []) {
      // A repeated id (PATCH /api/users/:userId/:id) is spoiled in one place at a time.
      cases.push({
        name: `${r.method} ${r.route} with ${p}=${bad.slice(0, 20)}`,
        method: r.method,
        url: fill(r.route, { [p]: bad }),
        payload: r.body ? JSON.stringify(r.body) : undefined,
        contentType: r.body ? 'application/json' : undefined,
      });
    }
  }
}

// Bodies: wrong types, missing, oversize and unknown fields, and bad JSON.
const bodyCases: { route: string; method: string; bodies: [string, unknown][] }[] = [
  {
    route: '/api/users/:userId',
    method: 'PATCH',
    bodies: [
      ['privacyPolicyAccepted as text', { privacyPolicyAccepted: 'yes' }],
      ['email as a number', { email: 42 }],
      ['oversize email', { email: `${'a'.repeat(300)}@example.com` }],
      ['malformed email', { email: 'not an email' }],
      ['no fields', {}],
      ['an unknown field', { privacyPolicyAccepted: true, isAdmin: true }],
      ['an array', [{ privacyPolicyAccepted: true }]],
      ['a string', 'privacyPolicyAccepted'],
      ['null', null],
    ],
  },
  {
    route: '/api/users/:userId/:id',
    method: 'PATCH',
    bodies: [
      ['privacyPolicyAccepted as a number', { privacyPolicyAccepted: 1 }],
      ['no fields', {}],
    ],
  },
  {
    route: '/api/users/:userId/linking_code/:code',
    method: 'POST',
    bodies: [
      ...(['NINumber', 'bankAccount', 'dob', 'externalEmploymentID', 'code'] as const).map((field): [string, unknown] => {
        const { [field]: _dropped, ...rest } = FINALIZE_BODY;
        return [`missing ${field}`, rest];
      }),
      ['NINumber as a number', { ...FINALIZE_BODY, NINumber: 123456 }],
      ['bankAccount as a number', { ...FINALIZE_BODY, bankAccount: 4321 }],
      ['bankAccount too long', { ...FINALIZE_BODY, bankAccount: '43210' }],
      ['oversize NINumber', { ...FINALIZE_BODY, NINumber: 'Q'.repeat(500) }],
      ['dob in the wrong format', { ...FINALIZE_BODY, dob: '1990-05-14' }],
      ['dob not a real date', { ...FINALIZE_BODY, dob: '02/30/1990' }],
      ['code not 6 digits', { ...FINALIZE_BODY, code: '12' }],
      ['code different from the path', { ...FINALIZE_BODY, code: '654321' }],
      ['malformed externalEmploymentID', { ...FINALIZE_BODY, externalEmploymentID: 'no such thing!' }],
      ['an unknown field', { ...FINALIZE_BODY, extra: 'x' }],
      ['no body fields', {}],
    ],
  },
  {
    route: '/api/users/:userId/passkeys',
    method: 'POST',
    bodies: [
      ['no name', { credential: {} }],
      ['no credential', { name: 'Phone' }],
      ['name as a number', { name: 5, credential: {} }],
      ['a blank name', { name: '   ', credential: {} }],
      ['an oversize name', { name: 'x'.repeat(61), credential: {} }],
      ['credential as a string', { name: 'Phone', credential: 'yes' }],
      [
        'a credential that is not base64url',
        {
          name: 'Phone',
          credential: { id: 'a', rawId: 'a', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: '{}', attestationObject: 'a' } },
        },
      ],
      [
        'a credential of another type',
        {
          name: 'Phone',
          credential: { id: 'a', rawId: 'a', type: 'password', clientExtensionResults: {}, response: { clientDataJSON: 'a', attestationObject: 'a' } },
        },
      ],
      ['an unknown field', { name: 'Phone', credential: {}, admin: true }],
    ],
  },
  {
    route: '/api/users/:userId/passkeys/:passkeyId',
    method: 'PATCH',
    bodies: [
      ['no name', {}],
      ['a blank name', { name: '' }],
      ['an oversize name', { name: 'x'.repeat(61) }],
      ['an unknown field', { name: 'Phone', counter: 0 }],
    ],
  },
  { route: '/api/users/:userId/passkeys/options', method: 'POST', bodies: [['an unknown field', { residentKey: 'discouraged' }]] },
  {
    route: '/api/users/:userId/close-account',
    method: 'POST',
    bodies: [
      ['no password', { code: '123456' }],
      ['no code', { password: 'x' }],
      ['an empty password', { password: '', code: '123456' }],
      ['an oversize password', { password: 'x'.repeat(129), code: '123456' }],
      ['an oversize code', { password: 'x', code: '1'.repeat(21) }],
      ['the code as a number', { password: 'x', code: 123456 }],
      ['an unknown field', { password: 'x', code: '123456', confirm: true }],
    ],
  },
  {
    route: '/api/user/:sub',
    method: 'PATCH',
    bodies: [
      ['no user', {}],
      ['an empty user', { user: {} }],
      ['firstName as a number', { user: { firstName: 5 } }],
      ['blank firstName', { user: { firstName: '   ' } }],
      ['oversize lastName', { user: { lastName: 'x'.repeat(101) } }],
      ['malformed email', { user: { email: 'nope' } }],
      ['malformed birthDate', { user: { birthDate: '1990-13-45' } }],
      ['birthDate in the future', { user: { birthDate: '2999-01-01' } }],
      ['malformed mobilePhone', { user: { mobilePhone: 'call me maybe' } }],
      ['malformed niNumber', { user: { data: { niNumber: 'not-an-ni' } } }],
      ['an unknown user field', { user: { password: 'x' } }],
      ['an unknown top-level field', { user: { firstName: 'A' }, roles: ['admin'] }],
      ['user as a string', { user: 'Alex' }],
    ],
  },
];

for (const { route, method, bodies } of bodyCases) {
  for (const [name, body] of bodies)
    cases.push({ name: `${method} ${route} with ${name}`, method, url: fill(route, {}), payload: JSON.stringify(body), contentType: 'application/json' });
  cases.push({ name: `${method} ${route} with bad JSON`, method, url: fill(route, {}), payload: '{"user": {"firstName": ', contentType: 'application/json' });
  cases.push({ name: `${method} ${route} with an empty JSON body`, method, url: fill(route, {}), payload: '', contentType: 'application/json' });
}

// Sign-in endpoints: missing and oversize query fields and form fields.
cases.push(
  { name: 'GET /app/login/ without client_id', method: 'GET', url: '/app/login/?redirect_uri=%2F' },
  { name: 'GET /app/login/ with an oversize state', method: 'GET', url: `/app/login/?client_id=${CLIENT_ID}&state=${'s'.repeat(2001)}` },
  { name: 'GET /app/register/ without client_id', method: 'GET', url: '/app/register/' },
  { name: 'GET /account/sign-in without client_id', method: 'GET', url: '/account/sign-in' },
  { name: 'GET /app/callback/ without code', method: 'GET', url: '/app/callback/' },
  { name: 'GET /app/logout/ with an oversize redirect', method: 'GET', url: `/app/logout/?post_logout_redirect_uri=${'x'.repeat(2001)}` },
  {
    name: 'POST /account/sign-in with an oversize email',
    method: 'POST',
    url: '/account/sign-in',
    payload: new URLSearchParams({ client_id: CLIENT_ID, email: 'a'.repeat(300), password: 'x' }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    name: 'POST /account/sign-in with an unknown field',
    method: 'POST',
    url: '/account/sign-in',
    payload: new URLSearchParams({ client_id: CLIENT_ID, admin: '1' }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  },
  { name: 'POST /account/sign-in with bad JSON', method: 'POST', url: '/account/sign-in', payload: '{"email":', contentType: 'application/json' },
  {
    name: 'POST /account/register without client_id',
    method: 'POST',
    url: '/account/register',
    payload: 'firstName=A',
    contentType: 'application/x-www-form-urlencoded',
  },
  { name: 'GET /account/verify without a token', method: 'GET', url: '/account/verify' },
  { name: 'GET /account/verify with a malformed token', method: 'GET', url: `/account/verify?token=${'<'.repeat(30)}` },
  {
    name: 'POST /account/verify with an oversize token',
    method: 'POST',
    url: '/account/verify',
    payload: `token=${'a'.repeat(101)}`,
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    name: 'POST /account/password with an oversize password',
    method: 'POST',
    url: '/account/password',
    payload: new URLSearchParams({ newPassword: 'x'.repeat(200) }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    name: 'POST /account/passkey-sign-in with an oversize credential',
    method: 'POST',
    url: '/account/passkey-sign-in',
    payload: new URLSearchParams({ client_id: CLIENT_ID, credential: 'x'.repeat(8001) }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    name: 'POST /account/passkey-sign-in with an unknown field',
    method: 'POST',
    url: '/account/passkey-sign-in',
    payload: new URLSearchParams({ client_id: CLIENT_ID, email: 'a@example.com' }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    name: 'POST /account/passkey-sign-in/options with an unknown field',
    method: 'POST',
    url: '/account/passkey-sign-in/options',
    payload: '{"x":1}',
    contentType: 'application/json',
  },
  {
    name: 'POST /account/second-step/passkey/options with bad JSON',
    method: 'POST',
    url: '/account/second-step/passkey/options',
    payload: '{"x":',
    contentType: 'application/json',
  },
  { name: 'GET /dev/outbox.json with an unknown query field', method: 'GET', url: '/dev/outbox.json?admin=1' },
);

describe('bad input', () => {
  it('has cases for every /api route that takes input', () => {
    // GET /api/users/authorised takes no parameters and no body: nothing to get wrong.
    // The employer console's bad input: employer-console/console.test.ts and access.test.ts.
    for (const r of apiRoutes.filter(
      (x) => x.route !== '/api/users/authorised' && x.route !== '/api/employer-console' && !x.route.startsWith('/api/employers/'),
    ))
      expect(cases.some((c) => c.name.startsWith(`${r.method} ${r.route} `))).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s → 400 saying what is wrong', async (_name, c) => {
    const form = c.contentType === 'application/x-www-form-urlencoded';
    const res = await t.app.inject({
      method: c.method as 'GET',
      url: c.url,
      payload: form ? `${c.payload}&csrf_token=${csrfToken}` : c.payload,
      headers: { cookie: alex.jar.header(), ...browser, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ status: number; error: string; code: string; field?: string }>();
    // A case that spoils one named part (`… with userId=…`) is answered with that field's code.
    const spoiled = /\bwith (\w+)=/.exec(c.name)?.[1];
    if (body.code === 'request.field_invalid') expect(body.field).toEqual(spoiled ?? expect.any(String));
    expect(body).toEqual({
      status: 400,
      error: expect.any(String),
      code: expect.stringMatching(/^(request\.(field_invalid|invalid|value_unstorable)|profile\.birth_date_in_future)$/),
      ...(body.field !== undefined ? { field: expect.any(String) } : {}),
      data: null,
    });
    expect(body.error.length).toBeGreaterThan(5);
    if (process.env.SHOW_ERRORS) console.log(`${c.name} => ${body.error}`);
  });

  it('names the field and the rule', async () => {
    const send = (url: string, method: string, payload: unknown) =>
      t.app.inject({ method: method as 'GET', url, payload: payload as object, headers: { cookie: alex.jar.header(), ...browser } });
    expect((await send(`/api/users/${alex.sub}/linking_code/${'123456'}`, 'POST', { ...FINALIZE_BODY, bankAccount: '12' })).json().error).toBe(
      'body.bankAccount must be the last 4 digits of your bank account',
    );
    expect((await send(`/api/users/${alex.sub}/linking_code/123456`, 'POST', { ...FINALIZE_BODY, code: undefined })).json().error).toBe(
      "body must have the field 'code'",
    );
    expect((await send(`/api/users/${alex.sub}/linking_code/12345`, 'GET', undefined)).json().error).toBe('params.code must be the 6-digit linking code');
    expect((await send(`/api/user/${alex.sub}`, 'PATCH', { user: { firstName: 5 } })).json().error).toBe('body.user.firstName must be string');
    const badJson = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${alex.sub}`,
      payload: '{"email":',
      headers: { cookie: alex.jar.header(), ...browser, 'content-type': 'application/json' },
    });
    expect(badJson.json()).toEqual({ status: 400, error: 'The request body is not valid JSON', code: 'request.invalid', data: null });
  });

  it('answers an unknown route with 404 JSON and an unsupported content type with 415', async () => {
    expect((await t.app.inject({ url: '/api/nothing-here' })).json()).toEqual({
      status: 404,
      error: 'No route GET /api/nothing-here',
      code: 'route.not_found',
      data: null,
    });
    const xml = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${alex.sub}`,
      payload: '<x/>',
      headers: { cookie: alex.jar.header(), ...browser, 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ status: 415, error: expect.any(String), code: 'request.unsupported_media_type', data: null });
  });

  it('answers a body over the size limit with 413, not 500', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${alex.sub}`,
      payload: JSON.stringify({ email: 'x'.repeat(70_000) }),
      headers: { cookie: alex.jar.header(), ...browser, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, error: 'The request body is too large', code: 'request.too_large', data: null });
  });
});

describe('control characters', () => {
  // PostgreSQL cannot store a NUL byte: before the check these answered 500 there (and were stored on SQLite).
  const nulCases: Case[] = [];
  for (const r of apiRoutes) {
    for (const [, p] of r.route.matchAll(/:(\w+)/g)) {
      const url = r.route.replace(/:(\w+)/g, (_m, name: string) =>
        name === p ? `${encodeURIComponent(GOOD[name]!.slice(0, 3))}%00${encodeURIComponent(GOOD[name]!.slice(3))}` : encodeURIComponent(GOOD[name]!),
      );
      nulCases.push({
        name: `${r.method} ${r.route} with %00 in ${p}`,
        method: r.method,
        url,
        payload: r.body ? JSON.stringify(r.body) : undefined,
        contentType: r.body ? 'application/json' : undefined,
      });
    }
  }
  const json = (method: string, route: string, body: unknown, name: string): Case => ({
    name: `${method} ${route} with ${name}`,
    method,
    url: fill(route, {}),
    payload: JSON.stringify(body),
    contentType: 'application/json',
  });
  const form = (url: string, fields: Record<string, string>, name: string): Case => ({
    name: `POST ${url} with ${name}`,
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  const register = {
    client_id: CLIENT_ID,
    firstName: 'Jamie',
    lastName: 'Taylor',
    email: 'jamie@example.com',
    password: 'a long password 1',
    confirmPassword: 'a long password 1',
  };
  const bodyCases: [Case, string][] = [
    [json('PATCH', '/api/users/:userId', { email: 'alex\u0000@example.com' }, 'NUL in the email'), 'body.email'],
    [json('POST', '/api/users/:userId/linking_code/:code', { ...FINALIZE_BODY, NINumber: 'AB100001C\u0000' }, 'NUL in NINumber'), 'body.NINumber'],
    [json('PATCH', '/api/user/:sub', { user: { firstName: 'Al\u0000ex' } }, 'NUL in user.firstName'), 'body.user.firstName'],
    [json('PATCH', '/api/user/:sub', { user: { lastName: 'Mor\u001bgan' } }, 'ESC in user.lastName'), 'body.user.lastName'],
    [json('PATCH', '/api/user/:sub', { user: { firstName: 'Alex\nMorgan' } }, 'a line break in user.firstName'), 'body.user.firstName'],
    [json('PATCH', '/api/user/:sub', { user: { middleName: 'J\tJ' } }, 'a tab in user.middleName'), 'body.user.middleName'],
    [json('PATCH', '/api/user/:sub', { user: { firstName: 'Alex\u0085' } }, 'a C1 control in user.firstName'), 'body.user.firstName'],
    [json('PATCH', '/api/user/:sub', { user: { firstName: 'Alex', 'data\u0000': {} } }, 'NUL in a field name'), 'body.user (a field name)'],
    [form('/account/sign-in', { client_id: CLIENT_ID, email: 'alex.morgan\u0000@example.com', password: 'x' }, 'NUL in the email (form)'), 'body.email'],
    [
      form('/account/sign-in', { client_id: CLIENT_ID, email: 'alex.morgan@example.com', password: 'Payslips\u00002026' }, 'NUL in the password (form)'),
      'body.password',
    ],
    [form('/account/register', { ...register, email: 'jamie\u0000@example.com' }, 'NUL in the email (form)'), 'body.email'],
    [form('/account/register', { ...register, firstName: 'Ja\u0000mie' }, 'NUL in the first name (form)'), 'body.firstName'],
    [form('/account/verify', { token: `${'a'.repeat(30)}\u0000` }, 'NUL in the token (form)'), 'body.token'],
    [{ name: 'GET /app/login/ with %00 in state', method: 'GET', url: `/app/login/?client_id=${CLIENT_ID}&state=a%00b` }, 'query.state'],
    [{ name: 'GET /account/sign-in with %00 in client_id', method: 'GET', url: '/account/sign-in?client_id=portal%00web' }, 'query.client_id'],
    [{ name: 'GET /dev/outbox.json with %00 in to', method: 'GET', url: '/dev/outbox.json?to=alex%00%40example.com' }, 'query.to'],
  ];
  const all: [Case, string][] = [...nulCases.map((c): [Case, string] => [c, `params.${/in (\w+)$/.exec(c.name)![1]}`]), ...bodyCases];

  it('has a case for every path parameter of every /api route', () => {
    for (const r of apiRoutes.filter((x) => x.route.includes(':'))) expect(nulCases.some((c) => c.name.startsWith(`${r.method} ${r.route} `))).toBe(true);
  });

  it.each(all.map(([c, field]) => [c.name, c, field] as const))('%s → 400 naming the field', async (_name, c, field) => {
    const res = await t.app.inject({
      method: c.method as 'GET',
      url: c.url,
      payload: c.payload,
      headers: { cookie: alex.jar.header(), origin: FRONT_END, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: {
        status: 400,
        error: `${field} must not contain control characters (such as a NUL byte, a tab or a line break)`,
        code: 'request.value_unstorable',
        data: null,
      },
    });
  });

  it('answers a form posted by a browser with the error page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/sign-in',
      payload: new URLSearchParams({ client_id: CLIENT_ID, email: 'alex.morgan\u0000@example.com', password: 'x' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('body.email must not contain control characters');
  });

  it('leaves the data as it was', async () => {
    const user = await t.app.inject({ url: `/api/user/${alex.sub}`, headers: { cookie: alex.jar.header() } });
    expect(user.json<{ user: { firstName: string; lastName: string } }>().user).toMatchObject({ firstName: 'Alex', lastName: 'Morgan' });
  });

  it.each([
    ['an object', (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)],
    ['an array', (depth: number) => '['.repeat(depth) + ']'.repeat(depth)],
  ])('refuses %s nested thousands of levels deep with a 400, not a stack overflow (found by the fuzzer)', async (_kind, nest) => {
    for (const [method, url] of [
      ['PATCH', `/api/user/${alex.sub}`],
      ['POST', '/app/logout/'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: nest(8000),
        headers: { cookie: alex.jar.header(), origin: FRONT_END, 'content-type': 'application/json' },
      });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 400,
        body: { status: 400, error: 'body is nested too deeply (at most 16 levels)', code: 'request.value_unstorable', data: null },
      });
    }
  });
});

describe('broken Unicode (half of a surrogate pair)', () => {
  // JSON may escape a lone surrogate ("\\ud800"): no real text holds one, and before this check it was
  // answered 200 and stored mangled, differently by each database (one U+FFFD on PostgreSQL, three on SQLite).
  const cases: [string, string, unknown, string][] = [
    ['a lone high surrogate in user.firstName', '/api/user/:sub', { user: { firstName: 'Al\ud800ex' } }, 'body.user.firstName'],
    ['a lone low surrogate in user.lastName', '/api/user/:sub', { user: { lastName: '\udc00Morgan' } }, 'body.user.lastName'],
    ['a reversed pair in user.middleName', '/api/user/:sub', { user: { middleName: 'J\ude00\ud83d' } }, 'body.user.middleName'],
    ['a lone surrogate ending the email', '/api/users/:userId', { email: 'alex@example.co\ud800' }, 'body.email'],
    ['a lone surrogate in a field name', '/api/user/:sub', { user: { firstName: 'Alex', ['x\ud800']: 1 } }, 'body.user (a field name)'],
  ];
  it.each(cases)('%s → 400 naming the field, and nothing changes', async (_name, route, body, field) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: fill(route, {}),
      payload: JSON.stringify(body),
      headers: { cookie: alex.jar.header(), origin: FRONT_END, 'content-type': 'application/json' },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { status: 400, error: `${field} must be valid Unicode text (it holds half of a surrogate pair)`, code: 'request.value_unstorable', data: null },
    });
    const user = await t.app.inject({ url: `/api/user/${alex.sub}`, headers: { cookie: alex.jar.header() } });
    expect(user.json<{ user: { firstName: string; lastName: string } }>().user).toMatchObject({ firstName: 'Alex', lastName: 'Morgan' });
  });

  it('keeps a whole pair (an emoji) as it was sent', async () => {
    const headers = { cookie: alex.jar.header(), origin: FRONT_END, 'content-type': 'application/json' };
    const url = `/api/user/${alex.sub}`;
    const set = (middleName: string | null) => t.app.inject({ method: 'PATCH', url, payload: JSON.stringify({ user: { middleName } }), headers });
    const before = (await t.app.inject({ url, headers })).json<{ user: { middleName: string | null } }>().user.middleName;
    const res = await set('Jo\ud83d\ude00');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { middleName: string } }>().user.middleName).toBe('Jo\u{1F600}');
    expect((await set(before)).statusCode).toBe(200);
  });
});

describe('a value the database refuses', () => {
  it('is a 400 in the error shape, not a 500', async () => {
    // A real data exception from the database under test: a NUL byte on PostgreSQL (22021), a
    // datatype mismatch on SQLite. Anything that slips past validation is the input's fault.
    const probe = Fastify({ logger: false });
    installErrorHandling(probe);
    probe.get('/probe', async () => {
      if (t.database.dialect === 'postgres') await sql`select ${'a\u0000b'}::text as x`.execute(t.database.db);
      else {
        await sql`create temp table if not exists probe (id integer primary key)`.execute(t.database.db);
        await sql`insert into probe (id) values (${'abc'})`.execute(t.database.db);
      }
      return { stored: true };
    });
    try {
      const res = await probe.inject({ url: '/probe' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, error: expect.stringContaining('cannot be stored'), code: 'request.value_unstorable', data: null });
    } finally {
      await probe.close();
    }
  });
});

/** The test app's port on 127.0.0.1, listening from the first test that asks (for raw-socket tests). */
async function listeningPort(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as net.AddressInfo).port;
}

describe('a body over its limit, on a real socket', () => {
  // The host's proxy streams a body to the API: a 413 sent while it still writes must reach it as a
  // 413, not as a reset connection (which the proxy can only answer 503).
  it('answers 413 and keeps the connection for a declared length up to the drain limit: the rest is read and dropped', async () => {
    const port = await listeningPort();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const body = `email=${'x'.repeat(72 * 1024)}`;
    // The headers and the first kilobyte: the API answers before the rest is sent.
    socket.write(`POST /account/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`);
    socket.write(body.slice(0, 1024));
    await until(() => answer.includes('"status":413'));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).not.toContain('connection: close');
    // The rest of the body, then a second request on the same connection, which is answered.
    socket.write(body.slice(1024));
    socket.end('GET /api/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await closed;
    expect(answer).toContain('No route GET /api/nothing-here');
  });

  it('still closes the connection for a declared length over the drain limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/register',
      payload: 'x'.repeat(REFUSED_BODY_DRAIN_LIMIT + 1),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
  });
});

describe('errors before any route', () => {
  it.each([
    ['a broken % escape in the path', '/api/users/%zz', 400],
    ['a broken % escape in a page path', '/account/%E0%A4%A', 400],
    ['a path parameter over 300 characters', `/api/users/${DEMO.alex.id}/linking_code_email/${'a'.repeat(301)}`, 414],
  ])('%s → the error shape', async (_name, url, status) => {
    const res = await t.app.inject({ url, headers: { cookie: alex.jar.header() } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      status,
      error: expect.any(String),
      code: status === 414 ? 'request.address_too_long' : 'request.address_invalid',
      data: null,
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers malformed HTTP on the socket with the error shape', async () => {
    const port = await listeningPort();
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const parse = (answer: string) => ({
      status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]),
      body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown,
    });

    const garbage = parse(await raw('NOT HTTP AT ALL\r\n\r\n'));
    expect(garbage).toEqual({ status: 400, body: { status: 400, error: expect.any(String), code: 'request.invalid', data: null } });
    const badHeader = parse(await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'));
    expect(badHeader).toEqual({ status: 400, body: { status: 400, error: expect.any(String), code: 'request.invalid', data: null } });
    const hugeHeaders = parse(await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(hugeHeaders).toEqual({ status: 431, body: { status: 431, error: expect.any(String), code: 'request.headers_too_large', data: null } });
  });
});
