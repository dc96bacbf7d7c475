// Sessions without end and cookies anyone on the site could plant: the session cookies are
// `__Host-` prefixed (Secure, Path=/, no Domain: a sibling subdomain or a plain-http page can
// neither set nor overwrite them), a session ends 30 days after its sign-in however often it is
// refreshed, and the API will not start in production without the address its e-mail links use.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { DEVICE_COOKIE } from '../http/cookies';
import { recordAttack } from '../test/attack-figures';
import { burst, listen } from '../test/burst';
import { CLIENT_ID, DEMO, FRONT_END, createTestApp, request, signInAlex } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';

type SetCookie = { name: string; value: string; path?: string; domain?: string; secure?: boolean; maxAge?: number };

const DAY_MS = 24 * 3600 * 1000;
const SESSION_COOKIE_NAMES = ['__Host-app.at', '__Host-app.rt', '__Host-app.idt', '__Host-app.at_exp'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The SDK's refresh: POST, text/plain, no body, the page's Origin. */
const refresh = (user: SignedIn) =>
  request(t.app, user.jar, { method: 'POST', url: `/app/refresh/?client_id=${CLIENT_ID}`, headers: { 'content-type': 'text/plain', origin: FRONT_END } });

/** The cookies a response sets, by name, as the browser reads their attributes. */
const cookiesOf = (res: LightMyRequestResponse) => new Map((res.cookies as SetCookie[]).map((c) => [c.name, c]));

/** True when the browser keeps the cookie under the `__Host-` rules (RFC 6265bis 4.1.3.2). */
const keptAsHostCookie = (c: SetCookie | undefined) => Boolean(c && c.name.startsWith('__Host-') && c.secure && c.path === '/' && !c.domain);

describe('session cookies that nothing else on the site can set', () => {
  it('names every session cookie __Host- (Secure, Path=/, no Domain), at sign-in and at each refresh, and ignores the unprefixed names', async () => {
    const alex = await signInAlex(t.app);
    // The device cookie (new-device alerts) is no session's: it outlives them (auth/known-devices.ts).
    const names = [...alex.jar.cookies.keys()].filter((name) => name.includes('app.') && !name.includes('csrf') && name !== DEVICE_COOKIE);
    const refreshed = await refresh(alex);
    expect(refreshed.statusCode).toBe(200);
    const set = cookiesOf(refreshed);
    const hostCookies = SESSION_COOKIE_NAMES.filter((name) => keptAsHostCookie(set.get(name)));

    // A cookie planted under the old, unprefixed name (by a sibling subdomain, say) opens nothing.
    const planted = await t.app.inject({ url: '/app/me/', cookies: { 'app.at': alex.jar.get('__Host-app.at')! } });
    const genuine = await request(t.app, alex.jar, { url: '/app/me/' });

    const held = hostCookies.length === 4 && planted.statusCode === 401 && genuine.statusCode === 200;
    recordAttack({
      hole: 'session cookies without the __Host- prefix',
      attack: 'Read the Set-Cookie of sign-in and refresh; sent the access token under the unprefixed name app.at',
      outcome: `${hostCookies.length} of 4 session cookies __Host- with Secure, Path=/ and no Domain; app.at ignored: ${planted.statusCode} (the __Host- one: ${genuine.statusCode})`,
      held,
    });
    expect(names.sort()).toEqual([...SESSION_COOKIE_NAMES].sort());
    expect(hostCookies).toEqual(SESSION_COOKIE_NAMES);
    expect(planted.statusCode).toBe(401);
    expect(genuine.statusCode).toBe(200);
  });
});

describe('a session that ends 30 days after its sign-in', () => {
  afterEach(() => jest.useRealTimers());

  /** Only the clock moves: the database, the timers of its driver and the HTTP stack keep real time. */
  function clockAt(ms: number) {
    jest.useFakeTimers({
      now: ms,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
  }

  it('refreshes every 23 hours until day 29.9, never past day 30, and refuses the refresh after day 30', async () => {
    const signedInAt = Date.now();
    clockAt(signedInAt);
    const alex = await signInAlex(t.app);
    const endsAt = Math.floor(signedInAt / 1000) + 30 * 24 * 3600;
    const me = await request(t.app, alex.jar, { url: '/app/me/' });
    expect(me.json()).toMatchObject({ sub: DEMO.alex.id, session_ends_at: expect.any(Number), session_expires_at: Math.floor(signedInAt / 1000) + 24 * 3600 });
    expect(Math.abs(me.json<{ session_ends_at: number }>().session_ends_at - endsAt)).toBeLessThanOrEqual(1);

    // Used every day: each refresh comes within the idle limit (24 h) of the one before.
    let lastOk = 0;
    for (let at = 23 * 3600 * 1000; at < 29.9 * DAY_MS; at += 23 * 3600 * 1000) {
      jest.setSystemTime(signedInAt + at);
      expect((await refresh(alex)).statusCode).toBe(200);
      lastOk = at;
    }
    expect(lastOk).toBeGreaterThan(29 * DAY_MS);

    jest.setSystemTime(signedInAt + 29.9 * DAY_MS);
    const late = await refresh(alex);
    const lateCookies = cookiesOf(late);
    const { at_exp: atExp, session_expires_at: idleEnd } = late.json<{ at_exp: number; session_expires_at: number }>();
    const refreshCookieDays = (lateCookies.get('__Host-app.rt')?.maxAge ?? Infinity) / (24 * 3600);
    const accessExp = Number(decodeJwt(alex.jar.get('__Host-app.at')!).exp);

    jest.setSystemTime(signedInAt + 30 * DAY_MS + 1_000);
    const afterEnd = await refresh(alex);
    const meAfterEnd = await request(t.app, alex.jar, { url: '/app/me/' });
    const payslipsAfterEnd = await request(t.app, alex.jar, { url: `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/payslips` });
    // 300 refreshes at once with the last refresh token, as many tabs (or a script) would send them.
    const server = await listen(t.app);
    const refreshCall = {
      method: 'POST',
      path: `/app/refresh/?client_id=${CLIENT_ID}`,
      headers: { cookie: alex.jar.header(), 'content-type': 'text/plain', origin: FRONT_END },
    };
    const refreshes = await burst(
      server,
      Array.from({ length: 300 }, () => refreshCall),
    ).finally(() => server.close());

    const renewed = refreshes.statuses['200'] ?? 0;
    const held =
      late.statusCode === 200 && atExp <= endsAt && refreshCookieDays <= 0.11 && afterEnd.statusCode === 400 && meAfterEnd.statusCode === 401 && renewed === 0;
    recordAttack({
      hole: 'sessions without end: each refresh added 24 h',
      attack: 'Refreshed a session every 23 h from its sign-in, then at day 29.9 and at day 30 + 1 s',
      outcome:
        `day 29.9: ${late.statusCode}, access token to ${((atExp * 1000 - signedInAt) / DAY_MS).toFixed(2)} d, refresh cookie ${refreshCookieDays.toFixed(2)} d; ` +
        `day 30 + 1 s: refresh ${afterEnd.statusCode}, /app/me/ ${meAfterEnd.statusCode}, payslips ${payslipsAfterEnd.statusCode}; ` +
        `300 refreshes at once: ${renewed} renewed (${JSON.stringify(refreshes.statuses)})`,
      held,
    });
    expect(late.statusCode).toBe(200);
    expect(atExp).toBeLessThanOrEqual(endsAt);
    expect(idleEnd).toBeLessThanOrEqual(endsAt);
    expect(accessExp).toBeLessThanOrEqual(endsAt);
    expect(refreshCookieDays).toBeLessThanOrEqual(0.11);
    expect(afterEnd.statusCode).toBe(400);
    expect(meAfterEnd.statusCode).toBe(401);
    expect(payslipsAfterEnd.statusCode).toBe(401);
    expect(refreshes.statuses).toEqual({ '400': 300 });
  });
});

describe('e-mail links that point where the portal is', () => {
  it('refuses to start in production without PUBLIC_URL, saying so', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), PORT: '0', SQLITE_PATH: ':memory:', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    const said = /PUBLIC_URL must be set/.test(started.stderr);
    recordAttack({
      hole: 'relative reset links when PUBLIC_URL is unset',
      attack: 'Started the API with NODE_ENV=production and no PUBLIC_URL',
      outcome: `exit code ${String(started.status)}; ${said ? 'says "PUBLIC_URL must be set"' : 'no word of PUBLIC_URL'}`,
      held: started.status !== 0 && said,
    });
    expect(started.status).not.toBe(0);
    expect(started.stderr).toMatch(/PUBLIC_URL must be set when NODE_ENV is "production": the portal's public origin/);
  });
});
