// The parts around the API: OpenAPI document, health check, local outbox, SMTP transport,
// security headers, migrations and seeding.
import net from 'node:net';
import { CLIENT_ID, CookieJar, DEMO, createTestApp, register, signInAlex } from './test/helpers';
import { openForm } from './test/forms';
import type { TestApp } from './test/helpers';
import { MessageService, OutboxTransport, SmtpTransport } from './messages/transport';
import { migrateToLatest } from './db/migrate';
import { isSeeded } from './db/seed';
import { redactUrl } from './http/logging';
import { loadConfig } from './config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('is generated from the route schemas and covers every route', async () => {
    const res = await t.app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: unknown[] }>> }>();
    expect(doc.openapi).toBe('3.1.0');
    const expected = [
      'GET /app/login/',
      'GET /app/register/',
      'GET /app/callback/',
      'GET /app/me/',
      'POST /app/refresh/',
      'GET /app/logout/',
      'POST /app/logout/',
      'GET /account/',
      'GET /account/sign-in',
      'POST /account/sign-in',
      'GET /account/register',
      'POST /account/register',
      'POST /account/register/resend',
      'GET /account/verify',
      'POST /account/verify',
      'POST /account/password',
      'GET /account/show-password.js',
      'GET /account/forgot-password',
      'GET /account/language/{language}',
      'POST /account/forgot-password',
      'GET /account/reset-password',
      'POST /account/reset-password',
      'GET /account/confirm-email',
      'POST /account/confirm-email',
      'GET /account/undo-email-change',
      'POST /account/undo-email-change',
      'GET /account/second-step',
      'POST /account/second-step',
      'GET /account/second-step/recovery',
      'POST /account/second-step/recovery',
      'POST /account/second-step/set-up',
      'POST /account/second-step/continue',
      'GET /account/passkey.js',
      'POST /account/passkey-sign-in/options',
      'POST /account/passkey-sign-in',
      'POST /account/second-step/passkey/options',
      'POST /account/second-step/passkey',
      'GET /account/closed',
      'GET /verify',
      'POST /verify',
      'POST /api/verify-pack',
      'GET /api/invitations/{token}',
      'GET /healthz',
      'GET /api/docs/openapi.json',
      'GET /dev/outbox',
      'GET /dev/outbox.json',
      'GET /api/users/authorised',
      'PATCH /api/users/{userId}',
      'PATCH /api/users/{userId}/{id}',
      'GET /api/users/{userId}/privacy_policy_text',
      'GET /api/users/{userId}/linking_code_email/{email}',
      'GET /api/users/{userId}/linking_code_id/{token}/{phoneNumber}',
      'GET /api/users/{userId}/linking_code_request',
      'GET /api/users/{userId}/linking_code/{code}',
      'POST /api/users/{userId}/linking_code/{code}',
      'GET /api/users/{userId}/employments/{employmentId}/document_types',
      'GET /api/users/{userId}/employments/{employmentId}/payslips',
      'GET /api/users/{userId}/employments/{employmentId}/documents',
      'GET /api/users/{userId}/employments/{employmentId}/updates',
      'GET /api/users/{userId}/employments/{employmentId}/intranet',
      'GET /api/users/{userId}/employments/{employmentId}/forecast',
      'GET /api/users/{userId}/employments/{employmentId}/tax-years/{taxYear}/archive',
      'GET /api/users/{userId}/employments/{employmentId}/proof-of-income',
      'GET /api/users/{userId}/file/{fileId}/employment/{employmentId}',
      'GET /api/users/{userId}/file/intranet/{fileId}/employment/{employmentId}',
      'GET /api/users/{userId}/notification-preferences',
      'PUT /api/users/{userId}/notification-preferences',
      'GET /api/users/{userId}/payslips/{payslipId}/questions',
      'POST /api/users/{userId}/payslips/{payslipId}/questions',
      'POST /api/users/{userId}/password',
      'GET /api/users/{userId}/two-step',
      'POST /api/users/{userId}/two-step/set-up',
      'POST /api/users/{userId}/two-step/confirm',
      'POST /api/users/{userId}/two-step/recovery-codes',
      'POST /api/users/{userId}/two-step/turn-off',
      'GET /api/users/{userId}/sessions',
      'POST /api/users/{userId}/sessions/{sessionId}/end',
      'POST /api/users/{userId}/sessions/end-others',
      'GET /api/users/{userId}/sign-ins',
      'GET /api/users/{userId}/passkeys',
      'POST /api/users/{userId}/passkeys/options',
      'POST /api/users/{userId}/passkeys',
      'PATCH /api/users/{userId}/passkeys/{passkeyId}',
      'DELETE /api/users/{userId}/passkeys/{passkeyId}',
      'GET /api/users/{userId}/my-data/archive',
      'GET /api/users/{userId}/close-account',
      'POST /api/users/{userId}/close-account/code',
      'POST /api/users/{userId}/close-account',
      'GET /api/user/{sub}',
      'PATCH /api/user/{sub}',
      'GET /api/employer-console',
      'GET /api/employers/{employerId}/employees',
      'GET /api/employers/{employerId}/employees/{employmentId}/history',
      'POST /api/employers/{employerId}/invitations',
      'POST /api/employers/{employerId}/employees/{employmentId}/invitation/resend',
      'DELETE /api/employers/{employerId}/employees/{employmentId}/invitation',
      'POST /api/employers/{employerId}/employees/{employmentId}/unlock',
      'GET /api/employers/{employerId}/employees/{employmentId}/messages',
      'GET /api/employers/{employerId}/keys',
      'POST /api/employers/{employerId}/keys',
      'DELETE /api/employers/{employerId}/keys/{keyId}',
      'POST /api/employers/{employerId}/updates',
      'GET /api/employers/{employerId}/questions',
      'POST /api/employers/{employerId}/questions/{questionId}/answer',
      'GET /api/employers/{employerId}/audit',
      'GET /api/employers/{employerId}/audit.csv',
      'GET /api/employers/{employerId}/admins',
      'POST /api/employers/{employerId}/admins',
      'POST /api/employers/{employerId}/pay-runs/preview',
      'POST /api/employers/{employerId}/pay-runs/publish',
      'POST /api/employers/{employerId}/documents/preview',
      'POST /api/employers/{employerId}/documents/publish',
      'POST /api/admin-invitations/{token}',
      'PUT /employer-api/v1/employments/{employmentId}',
      'GET /employer-api/v1/employments/{employmentId}',
      'POST /employer-api/v1/employments/{employmentId}/end',
      'PUT /employer-api/v1/pay-runs/{payRunId}',
      'PUT /employer-api/v1/employments/{employmentId}/documents/{documentId}',
      'PUT /employer-api/v1/updates/{updateId}',
      'PUT /employer-api/v1/intranet-documents/{documentId}',
      'GET /employer-api/v1/questions',
      'POST /employer-api/v1/questions/{questionId}/answer',
    ];
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(expected.sort());
    const payslips = doc.paths['/api/users/{userId}/employments/{employmentId}/payslips']!.get!;
    expect(Object.keys(payslips.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(payslips.parameters).toHaveLength(2);
  });
});

describe('/healthz', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', dialect: t.database.dialect });
  });

  it('answers 503 when the database is not reachable', async () => {
    const other = await createTestApp();
    const real = other.database.ping;
    other.database.ping = async () => false;
    const res = await other.app.inject({ url: '/healthz' });
    other.database.ping = real;
    await other.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', database: 'down' });
  });
});

describe('the local outbox', () => {
  it('shows messages as a page and as JSON', async () => {
    const alex = await signInAlex(t.app);
    await t.app.inject({ url: `/api/users/${alex.sub}/linking_code_email/starter1%40example.com`, headers: { cookie: alex.jar.header() } });
    const json = (await t.app.inject({ url: '/dev/outbox.json' })).json<{ to: string; channel: string; code: string; subject: string }[]>();
    expect(json[0]).toMatchObject({
      to: 'starter1@example.com',
      channel: 'email',
      subject: 'Your linking code for Northwind Logistics Ltd',
      code: expect.stringMatching(/^\d{6}$/),
    });
    const page = await t.app.inject({ url: '/dev/outbox' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(json[0]!.code);
  });

  it('is only for callers on this machine', async () => {
    const res = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    // Behind the host's proxy (loopback), the per-address sign-in limit counts each browser's own address.
    const behindProxy = await createTestApp({ trustProxy: '127.0.0.1' });
    try {
      const { email } = await register(behindProxy.app, { email: 'behind.proxy@example.com', password: 'the-right-password' });
      const browser = new CookieJar();
      const form = await openForm(behindProxy.app, browser, `/account/sign-in?client_id=${CLIENT_ID}`);
      const post = (password: string, remoteAddress: string, forwardedFor: string) =>
        behindProxy.app.inject({
          method: 'POST',
          url: form.action,
          payload: new URLSearchParams({ ...form.fields, email, password }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: browser.header(), 'x-forwarded-for': forwardedFor },
          remoteAddress,
        });
      for (let i = 0; i < 10; i++) expect((await post('a-wrong-password', '127.0.0.1', '203.0.113.9')).statusCode).toBe(401);
      expect((await post('the-right-password', '127.0.0.1', '203.0.113.9')).statusCode).toBe(429);
      // Another browser behind the same proxy is not slowed down by the first one's failures…
      expect((await post('the-right-password', '127.0.0.1', '203.0.113.10')).statusCode).toBe(302);
      // …and a caller that is not the proxy cannot pick another address's counters by claiming one.
      for (let i = 0; i < 10; i++) expect((await post('a-wrong-password', '198.51.100.7', `198.51.100.${100 + i}`)).statusCode).toBe(401);
      expect((await post('the-right-password', '198.51.100.7', '198.51.100.200')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });

  it('is opt-in: only DEV_OUTBOX=on turns it on, and never in production', () => {
    const secret = { TOKEN_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://pay.example.co.uk' };
    for (const NODE_ENV of [undefined, 'development', 'test', 'staging', 'Production', 'prod']) {
      expect(loadConfig({ ...secret, NODE_ENV }).devOutbox).toBe(false);
      expect(loadConfig({ ...secret, NODE_ENV, DEV_OUTBOX: 'on' }).devOutbox).toBe(true);
    }
    expect(loadConfig({ ...secret, NODE_ENV: 'staging', DEV_OUTBOX: 'yes' }).devOutbox).toBe(false);
    expect(loadConfig({ ...secret, NODE_ENV: 'production', DEV_OUTBOX: 'on' }).devOutbox).toBe(false);
  });

  it('is absent when not opted in, whatever NODE_ENV says', async () => {
    const staging = await createTestApp({
      nodeEnv: 'staging',
      devOutbox: loadConfig({ TOKEN_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://pay.example.co.uk', NODE_ENV: 'staging' }).devOutbox,
    });
    try {
      expect((await staging.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
      expect((await staging.app.inject({ url: '/dev/outbox.json' })).json()).toEqual({
        status: 404,
        error: 'No route GET /dev/outbox.json',
        code: 'route.not_found',
        data: null,
      });
    } finally {
      await staging.close();
    }
  });

  it('is off in production', async () => {
    const prod = await createTestApp({ nodeEnv: 'production', devOutbox: false });
    try {
      expect((await prod.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
      expect((await prod.app.inject({ url: '/dev/outbox.json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('SMTP transport', () => {
  it('delivers e-mail through nodemailer to an SMTP server', async () => {
    const received: string[] = [];
    const server = net.createServer((socket) => {
      let inData = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        let i: number;
        while ((i = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (inData) {
            if (line === '.') {
              inData = false;
              socket.write('250 queued\r\n');
            } else received.push(line);
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
          else if (/^DATA/i.test(line)) {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const smtp = new SmtpTransport(`smtp://127.0.0.1:${port}`, 'Pay portal <no-reply@example.com>', t.app.log);
    const service = new MessageService(smtp, new OutboxTransport(t.database.db, t.app.log), t.app.log);
    await service.send({ channel: 'email', to: 'someone@example.com', subject: 'Your linking code', body: 'Your code is 123456.' });
    await service.flush();
    smtp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const message = received.join('\n');
    expect(message).toContain('To: someone@example.com');
    expect(message).toContain('Subject: Your linking code');
    expect(message).toContain('Your code is 123456.');
  });
});

describe('HTTP hygiene', () => {
  it('sends no-store and safety headers on API answers', async () => {
    const res = await t.app.inject({ url: '/api/users/authorised' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('forbids framing and loading anything on every kind of answer, and sends no HSTS over plain http', async () => {
    const alex = await signInAlex(t.app);
    const answers = {
      json: await t.app.inject({ url: `/api/users/${alex.sub}/employments/nope/payslips`, headers: { cookie: alex.jar.header() } }),
      pdf: await t.app.inject({
        url: `/api/users/${alex.sub}/file/doc_alex_nw_p60_2526/employment/${DEMO.employments.alexNorthwind}`,
        headers: { cookie: alex.jar.header() },
      }),
      notFound: await t.app.inject({ url: '/nothing-here' }),
      errorPage: await t.app.inject({ url: '/account/sign-in', headers: { accept: 'text/html' } }),
      outbox: await t.app.inject({ url: '/dev/outbox' }),
      badUrl: await t.app.inject({ url: '/api/%zz' }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect({ name, csp: res.headers['content-security-policy'] }).toEqual({ name, csp: expect.stringContaining("frame-ancestors 'none'") });
      expect({ name, csp: res.headers['content-security-policy'] }).toEqual({ name, csp: expect.stringMatching(/default-src 'none'/) });
      expect({ name, frame: res.headers['x-frame-options'], sniff: res.headers['x-content-type-options'], referrer: res.headers['referrer-policy'] }).toEqual({
        name,
        frame: 'DENY',
        sniff: 'nosniff',
        referrer: 'no-referrer',
      });
      expect({ name, hsts: res.headers['strict-transport-security'] }).toEqual({ name, hsts: undefined });
    }
    expect(answers.pdf.headers['content-type']).toBe('application/pdf');
  });

  it('keeps the sign-in page on its own policy', async () => {
    const page = await t.app.inject({ url: `/account/sign-in?client_id=${CLIENT_ID}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/);
  });

  it('sends HSTS on every answer when the public URL is https', async () => {
    const https = await createTestApp({ publicUrl: 'https://pay.example.co.uk' });
    try {
      for (const url of ['/healthz', '/api/users/authorised', `/account/sign-in?client_id=${CLIENT_ID}`, '/nothing-here', '/api/%zz']) {
        const res = await https.app.inject({ url });
        expect({ url, hsts: res.headers['strict-transport-security'] }).toEqual({ url, hsts: 'max-age=31536000; includeSubDomains' });
      }
    } finally {
      await https.close();
    }
  });

  it('masks secrets in logged URLs', () => {
    expect(redactUrl('/api/users/u1/linking_code/123456')).toBe('/api/users/u1/linking_code/[redacted]');
    expect(redactUrl('/api/users/u1/linking_code_email/a%40b.com')).toBe('/api/users/u1/linking_code_email/[redacted]');
    expect(redactUrl('/api/users/u1/linking_code_id/INVITE-1/07700900123')).toBe('/api/users/u1/linking_code_id/[redacted]/[redacted]');
    expect(redactUrl('/app/callback/?code=abc&state=xyz')).toBe('/app/callback/?code=[redacted]&state=[redacted]');
  });
});

describe('database', () => {
  it('is migrated and seeded once; running again changes nothing', async () => {
    expect(await migrateToLatest(t.database)).toEqual([]);
    expect(await isSeeded(t.database.db)).toBe(true);
    const users = await t.database.db.selectFrom('identity_users').select('id').execute();
    expect(users.length).toBeGreaterThanOrEqual(2);
  });
});
