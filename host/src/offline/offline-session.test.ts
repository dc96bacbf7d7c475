import { memoryCacheStorage } from '../testing/memory-cache-storage';
import { userCacheName } from './cache-rules';
import { HELD_ANSWERS, OFFLINE_SESSION_CACHE, OfflineCopy, forgetOfflineCopy, sessionFromClaims } from './offline-session';

const HOUR = 3600_000;
const T0 = Date.parse('2026-11-27T09:00:00Z');
const PAYSLIPS = 'http://localhost:8080/api/users/alex/employments/e1/payslips';
const ME = 'http://localhost:8080/app/me/';

/** /app/me/'s answer for `sub`, whose session ends `endsInMs` after T0 (unless not refreshed within 24 hours). */
const claims = (sub: string, endsInMs = 30 * 24 * HOUR) => ({
  sub,
  email: `${sub}@example.com`,
  session_expires_at: Math.floor((T0 + Math.min(24 * HOUR, endsInMs)) / 1000),
  session_ends_at: Math.floor((T0 + endsInMs) / 1000),
});
const answer = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** A worker whose clock the test moves, over a Cache Storage it shares with the page. */
function setUp(options: Parameters<typeof memoryCacheStorage>[0] = {}) {
  const caches = memoryCacheStorage(options);
  let now = T0;
  const worker = new OfflineCopy(caches.storage, () => now);
  const at = (ms: number) => {
    now = ms;
  };
  return { ...caches, worker, at, now: () => now };
}

/** Alex signs in: /app/me/ answers, then the worker keeps his payslips. */
async function alexSeesPayslips(env: ReturnType<typeof setUp>, endsInMs?: number) {
  const session = await env.worker.recordSession(claims('alex', endsInMs), env.now());
  expect(session).toMatchObject({ userId: 'alex' });
  env.at(env.now() + 1);
  await env.worker.keep(await env.worker.ask(), PAYSLIPS, answer({ payslips: ['p1'] }));
}

describe('the offline copy is tied to a live session and to its user', () => {
  it('is shown while the session lasts, and not after its absolute end, when it is deleted', async () => {
    const env = setUp();
    await alexSeesPayslips(env, 2 * HOUR);
    expect(await (await env.worker.copyOf(PAYSLIPS))?.json()).toEqual({ payslips: ['p1'] });

    env.at(T0 + 2 * HOUR - 1);
    expect(await env.worker.copyOf(PAYSLIPS)).toBeDefined();
    env.at(T0 + 2 * HOUR);
    expect(await env.worker.copyOf(PAYSLIPS)).toBeUndefined();
    expect(env.urlsIn(userCacheName('alex'))).toBeNull();
  });

  it('is not shown once the session has gone unrefreshed past its idle end; each refresh seen moves that on, never past the absolute end', async () => {
    const env = setUp();
    await alexSeesPayslips(env, 30 * 24 * HOUR);
    env.at(T0 + 20 * HOUR);
    await env.worker.recordRefresh({ at_exp: 0, session_expires_at: Math.floor((T0 + 44 * HOUR) / 1000) }, env.now());
    env.at(T0 + 30 * HOUR);
    expect(await env.worker.copyOf(PAYSLIPS)).toBeDefined();
    // A refresh answer naming a later end does not carry the copy past the absolute end.
    await env.worker.recordRefresh({ session_expires_at: Math.floor((T0 + 40 * 24 * HOUR) / 1000) }, env.now());
    env.at(T0 + 30 * 24 * HOUR);
    expect(await env.worker.copyOf(PAYSLIPS)).toBeUndefined();

    const idle = setUp();
    await alexSeesPayslips(idle);
    idle.at(T0 + 24 * HOUR);
    expect(await idle.worker.copyOf(PAYSLIPS)).toBeUndefined();
    expect(idle.urlsIn(userCacheName('alex'))).toBeNull();
  });

  it('is never shown after a sign-out, and is deleted by it', async () => {
    const env = setUp();
    await alexSeesPayslips(env);
    env.at(T0 + HOUR);
    await forgetOfflineCopy(env.storage, env.now());
    expect(await env.worker.copyOf(PAYSLIPS)).toBeUndefined();
    expect(env.names()).toEqual([OFFLINE_SESSION_CACHE]);
  });

  it('keeps nothing of an answer still on its way when the user signed out: the cache is not made again', async () => {
    const env = setUp();
    await alexSeesPayslips(env);
    env.at(T0 + HOUR);
    const asked = await env.worker.ask();
    env.at(T0 + HOUR + 10);
    await forgetOfflineCopy(env.storage, env.now());
    env.at(T0 + HOUR + 20);
    await env.worker.keep(asked, PAYSLIPS, answer({ payslips: ['late'] }));
    expect(env.urlsIn(userCacheName('alex'))).toBeNull();
    expect(await env.worker.copyOf(PAYSLIPS)).toBeUndefined();
  });

  it('deletes the cache a write made again when the sign-out came while it was writing', async () => {
    let signOutDuringWrite = false;
    const env = setUp({
      onOpen: async (name) => {
        if (signOutDuringWrite && name === userCacheName('alex')) {
          signOutDuringWrite = false;
          await forgetOfflineCopy(env.storage, env.now());
        }
      },
    });
    await alexSeesPayslips(env);
    env.at(T0 + HOUR);
    const asked = await env.worker.ask();
    env.at(T0 + HOUR + 10);
    signOutDuringWrite = true;
    await env.worker.keep(asked, PAYSLIPS, answer({ payslips: ['late'] }));
    expect(env.urlsIn(userCacheName('alex'))).toBeNull();
  });

  it('names no session from a /app/me/ asked before the sign-out, so the late claims keep nothing', async () => {
    const env = setUp();
    const askedAt = env.now();
    env.at(T0 + 10);
    await forgetOfflineCopy(env.storage, env.now());
    env.at(T0 + 20);
    expect(await env.worker.recordSession(claims('alex'), askedAt)).toBeNull();
    expect(await env.worker.ask()).toEqual({ atMs: T0 + 20, session: null });
  });

  it("drops an answer asked for Alex that arrives once Sam's session is named; Alex's copy goes", async () => {
    const env = setUp();
    await alexSeesPayslips(env);
    env.at(T0 + HOUR);
    const askedForAlex = await env.worker.ask();
    env.at(T0 + HOUR + 10);
    await env.worker.recordSession(claims('sam'), env.now());
    await env.worker.keep(askedForAlex, PAYSLIPS, answer({ payslips: ['alex'] }));
    expect(env.urlsIn(userCacheName('alex'))).toBeNull();
    expect(env.urlsIn(userCacheName('sam'))).toBeNull();
    expect(await env.worker.copyOf(PAYSLIPS)).toBeUndefined();
  });

  it('keeps nothing when the claims name no session end (an API that does not say when the session ends)', async () => {
    const env = setUp();
    expect(sessionFromClaims({ sub: 'alex', email: 'a@example.com' }, T0)).toBeNull();
    expect(await env.worker.recordSession({ sub: 'alex' }, T0)).toBeNull();
    await env.worker.keep(await env.worker.ask(), ME, answer(claims('alex')));
    expect(env.names()).toEqual([OFFLINE_SESSION_CACHE]);
  });

  it('never makes a cache to look for a copy, and tidies away the copies no live session owns', async () => {
    const env = setUp();
    await env.worker.recordSession(claims('alex'), T0);
    expect(await env.worker.copyOf(PAYSLIPS)).toBeUndefined();
    expect(env.urlsIn(userCacheName('alex'))).toBeNull();

    // A copy left by an older worker, with no session noted: gone at the next activation.
    const stale = memoryCacheStorage();
    await (await stale.storage.open(userCacheName('sam'))).put(PAYSLIPS, answer({ payslips: ['sam'] }));
    await new OfflineCopy(stale.storage, () => T0).tidy();
    expect(stale.urlsIn(userCacheName('sam'))).toBeNull();
  });
});

describe("a page's first answers, asked before /app/me/ named the session", () => {
  const AUTHORISED = 'http://localhost:8080/api/users/authorised';
  const envelopeFor = (userID: string) => answer({ data: JSON.stringify({ status: 200, error: null, data: [{ userID, employments: [] }] }) });

  it('are kept once /app/me/ names their own user: the path names it, or the authorised answer does', async () => {
    const env = setUp();
    const asked = await env.worker.ask();
    expect(asked.session).toBeNull();
    await env.worker.keep(asked, PAYSLIPS, answer({ payslips: ['p1'] }));
    await env.worker.keep(asked, AUTHORISED, envelopeFor('alex'));
    expect(await env.worker.copyOf(PAYSLIPS)).toBeUndefined();

    env.at(T0 + 100);
    await env.worker.recordSession(claims('alex'), env.now());
    expect(await (await env.worker.copyOf(PAYSLIPS))?.json()).toEqual({ payslips: ['p1'] });
    expect(await (await env.worker.copyOf(AUTHORISED))?.json()).toHaveProperty('data', expect.stringContaining('"userID":"alex"'));
  });

  it('are kept when /app/me/ named the session after they were asked but before they came back', async () => {
    const env = setUp();
    const asked = await env.worker.ask();
    env.at(T0 + 50);
    await env.worker.recordSession(claims('alex'), env.now());
    env.at(T0 + 100);
    await env.worker.keep(asked, AUTHORISED, envelopeFor('alex'));
    await env.worker.keep(asked, PAYSLIPS.replace('/alex/', '/sam/'), answer({ payslips: ['not alex'] }));
    expect(await (await env.worker.copyOf(AUTHORISED))?.json()).toHaveProperty('data', expect.stringContaining('"userID":"alex"'));
    expect(await env.worker.copyOf(PAYSLIPS.replace('/alex/', '/sam/'))).toBeUndefined();
  });

  it('are dropped when /app/me/ names another user, when a sign-out came after them, or when they waited too long', async () => {
    const env = setUp();
    await env.worker.keep(await env.worker.ask(), PAYSLIPS, answer({ payslips: ['alex'] }));
    await env.worker.keep(await env.worker.ask(), AUTHORISED, envelopeFor('alex'));
    await env.worker.recordSession(claims('sam'), env.now());
    expect(await env.worker.copyOf(PAYSLIPS)).toBeUndefined();
    expect(await env.worker.copyOf(AUTHORISED)).toBeUndefined();

    const later = setUp();
    await later.worker.keep(await later.worker.ask(), PAYSLIPS, answer({ payslips: ['p1'] }));
    later.at(T0 + 10);
    await forgetOfflineCopy(later.storage, later.now());
    later.at(T0 + 20);
    await later.worker.recordSession(claims('alex'), later.now());
    expect(await later.worker.copyOf(PAYSLIPS)).toBeUndefined();

    const slow = setUp();
    await slow.worker.keep(await slow.worker.ask(), PAYSLIPS, answer({ payslips: ['p1'] }));
    slow.at(T0 + HELD_ANSWERS.maxAgeMs + 1);
    await slow.worker.recordSession(claims('alex'), slow.now());
    expect(await slow.worker.copyOf(PAYSLIPS)).toBeUndefined();
  });
});
