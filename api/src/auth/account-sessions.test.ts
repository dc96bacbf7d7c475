// The sessions a person sees and ends in Settings: each live session with its browser, system,
// address, start and last use ("This device" marked); ending one is refused at once by every API
// instance; "Sign out everywhere else" keeps this one; another user's session is not found and
// stays live. The last use is written at most once a minute per session.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { CookieJar, DEMO, api, createTestApp, register, request, signIn, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { sessionIdOf } from '../test/session-checks';
import { LAST_USED_STEP_MS, SessionActivity } from './session-activity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
});
afterAll(() => t.close());

type Listed = {
  id: string;
  current: boolean;
  browser: string;
  system: string;
  ipAddress: string | null;
  startedAt: string;
  lastUsedAt: string;
  secondStep: boolean;
};

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let people = 0;
const PASSWORD = 'a-long-enough-password';
async function newPerson(): Promise<SignedIn> {
  people += 1;
  return register(t.app, { email: `sessions.${people}@example.com`, password: PASSWORD });
}

/** Signs in from a new browser that says it is `userAgent`, from `address`. */
const signInFrom = (app: FastifyInstance, email: string, userAgent: string, address: string) =>
  signIn(app, email, PASSWORD, new CookieJar({ userAgent, remoteAddress: address }));

const list = async (app: FastifyInstance, user: SignedIn) => {
  const res = await api(app, user, 'GET', `/api/users/${user.sub}/sessions`);
  expect(res.statusCode).toBe(200);
  return unwrap<Listed[]>(res).data;
};
const me = (app: FastifyInstance, user: SignedIn) => request(app, user.jar, { url: '/app/me/' });
const endOne = (app: FastifyInstance, user: SignedIn, sessionId: string) => api(app, user, 'POST', `/api/users/${user.sub}/sessions/${sessionId}/end`, {});

describe('the sessions in Settings', () => {
  it('lists each live session with its browser, system, address, start and last use, and marks this device', async () => {
    const person = await newPerson();
    const laptop = await signInFrom(t.app, person.email, CHROME_ON_WINDOWS, '203.0.113.7');
    const phone = await signInFrom(t.app, person.email, SAFARI_ON_IPHONE, '198.51.100.23');
    const sessions = await list(t.app, laptop);
    const byId = new Map(sessions.map((s) => [s.id, s]));
    expect(byId.get(sessionIdOf(laptop))).toMatchObject({
      current: true,
      browser: 'Chrome 131',
      system: 'Windows 10',
      ipAddress: '203.0.113.7',
      secondStep: false,
    });
    expect(byId.get(sessionIdOf(phone))).toMatchObject({ current: false, browser: 'Safari 17', system: 'iOS 17.5', ipAddress: '198.51.100.23' });
    expect(byId.has(sessionIdOf(person))).toBe(true); // the registration's own sign-in
    expect(sessions.map((s) => s.startedAt)).toEqual([...sessions.map((s) => s.startedAt)].sort().reverse());
    for (const s of sessions) expect(Date.parse(s.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(s.startedAt));
    // Ended sessions are not listed.
    await api(t.app, person, 'POST', '/app/logout/', {});
    expect((await list(t.app, laptop)).map((s) => s.id)).not.toContain(sessionIdOf(person));
  });

  it('ends one other session at once, even for a second API instance that had just answered it', async () => {
    const other = await buildApp({ config: t.config, database: { ...t.database, close: async () => {} } });
    try {
      const person = await newPerson();
      const laptop = await signIn(t.app, person.email, PASSWORD, new CookieJar());
      const phone = await signIn(t.app, person.email, PASSWORD, new CookieJar());
      expect((await me(other, phone)).statusCode).toBe(200);
      expect((await api(other, phone, 'GET', `/api/users/${phone.sub}/sessions`)).statusCode).toBe(200);

      const ended = await endOne(t.app, laptop, sessionIdOf(phone));
      expect(ended.statusCode).toBe(200);
      expect(unwrap(ended).data).toEqual({ ended: 1 });
      expect((await api(other, phone, 'GET', `/api/users/${phone.sub}/sessions`)).statusCode).toBe(401);
      expect((await me(other, phone)).statusCode).toBe(401);
      expect((await request(other, phone.jar, { method: 'POST', url: '/app/refresh/', headers: { origin: 'http://localhost:8080' } })).statusCode).toBe(400);
      expect((await me(t.app, laptop)).statusCode).toBe(200);
      expect((await list(t.app, laptop)).map((s) => s.id)).not.toContain(sessionIdOf(phone));
      // Ended already: not found. This one: sign out instead.
      expect((await endOne(t.app, laptop, sessionIdOf(phone))).statusCode).toBe(404);
      expect((await endOne(t.app, laptop, sessionIdOf(laptop))).statusCode).toBe(400);
    } finally {
      await other.close();
    }
  });

  it('signs out everywhere else and keeps this session', async () => {
    const person = await newPerson();
    const laptop = await signIn(t.app, person.email, PASSWORD);
    const phone = await signIn(t.app, person.email, PASSWORD);
    const tablet = await signIn(t.app, person.email, PASSWORD);
    const sam = await signIn(t.app, DEMO.sam.email);
    const res = await api(t.app, laptop, 'POST', `/api/users/${laptop.sub}/sessions/end-others`, {});
    expect(res.statusCode).toBe(200);
    expect(unwrap<{ ended: number }>(res).data.ended).toBe(3); // the phone, the tablet and the registration's
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, tablet)).statusCode).toBe(401);
    expect((await me(t.app, laptop)).statusCode).toBe(200);
    expect((await me(t.app, sam)).statusCode).toBe(200);
    expect((await list(t.app, laptop)).map((s) => s.id)).toEqual([sessionIdOf(laptop)]);
  });

  it('is only one’s own: another user’s session id is not found, and that session stays live', async () => {
    const person = await newPerson();
    const sam = await signIn(t.app, DEMO.sam.email);
    const theirs = await endOne(t.app, person, sessionIdOf(sam));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ status: 404, error: 'No such session on your account', code: 'sessions.not_found', data: null });
    expect((await me(t.app, sam)).statusCode).toBe(200);
    // Another user's path: 403 for each route, and nothing ends.
    expect((await api(t.app, person, 'GET', `/api/users/${sam.sub}/sessions`)).statusCode).toBe(403);
    expect((await api(t.app, person, 'POST', `/api/users/${sam.sub}/sessions/${sessionIdOf(sam)}/end`, {})).statusCode).toBe(403);
    expect((await api(t.app, person, 'POST', `/api/users/${sam.sub}/sessions/end-others`, {})).statusCode).toBe(403);
    expect((await me(t.app, sam)).statusCode).toBe(200);
    expect((await endOne(t.app, person, 'not an id')).statusCode).toBe(400);
  });
});

describe('the last use of a session', () => {
  const lastUsed = async (sessionId: string) =>
    (await t.database.db.selectFrom('sessions').select('last_used_at').where('id', '=', sessionId).executeTakeFirstOrThrow()).last_used_at;

  it('is written at most once a minute per session, whichever instance sees the request', async () => {
    const person = await newPerson();
    const sessionId = sessionIdOf(person);
    let now = Date.parse('2030-01-01T09:00:00Z');
    const one = new SessionActivity(t.database.db, () => now);
    const two = new SessionActivity(t.database.db, () => now);
    await one.used(sessionId);
    expect(new Date(String(await lastUsed(sessionId))).toISOString()).toBe('2030-01-01T09:00:00.000Z');
    now += LAST_USED_STEP_MS - 1;
    await one.used(sessionId); // remembered: no write
    await two.used(sessionId); // another instance: its UPDATE finds the row written this minute
    expect(new Date(String(await lastUsed(sessionId))).toISOString()).toBe('2030-01-01T09:00:00.000Z');
    now += 1;
    await one.used(sessionId); // a minute after its last write
    expect(new Date(String(await lastUsed(sessionId))).toISOString()).toBe('2030-01-01T09:01:00.000Z');
  });

  it('is recorded by a request with the session', async () => {
    const person = await newPerson();
    const before = await lastUsed(sessionIdOf(person));
    await api(t.app, person, 'GET', `/api/users/${person.sub}/sessions`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // written after the answer
    const after = await lastUsed(sessionIdOf(person));
    expect(after).not.toBeNull();
    expect(after).not.toEqual(before);
  });
});
