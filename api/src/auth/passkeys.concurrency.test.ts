// Passkeys under 300 requests at once, over real HTTP, on SQLite and PostgreSQL: one answer sent 300
// times signs in once (its challenge is spent once) and adds one passkey once; the challenges a
// browser or an account may ask for stay within their limits however many are asked for together.
import { FRONT_END, liveTestApp, register, request, follow } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import type { HttpCall } from '../test/burst';
import { addPasskey, creationOptions, listPasskeys, newAuthenticator, openSignInPage, signInOptions } from '../test/passkeys';
import type { SignInPage } from '../test/passkeys';
import { PASSKEY_LIMITS } from './throttle-rules';

const PARALLEL = 300;
const live = liveTestApp();

let accounts = 0;
async function newUser(): Promise<SignedIn> {
  accounts += 1;
  return register(live.t.app, { email: `passkey.burst.${accounts}@example.com`, password: 'a-long-password-300' });
}

const db = () => live.t.database.db;
const sessionsWithSecondStep = (userId: string) =>
  db().selectFrom('sessions').select('id').where('user_id', '=', userId).where('second_step_at', 'is not', null).execute();
const clearCounters = (prefix: string) => db().deleteFrom('throttle_counters').where('key', 'like', `${prefix}%`).execute();

/** The sign-in page's passkey form, posted over real HTTP from its browser. */
const assertionPost = (at: SignInPage, credential: unknown): HttpCall => ({
  method: 'POST',
  path: '/account/passkey-sign-in',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: FRONT_END, cookie: at.jar.header(), accept: 'text/html' },
  body: new URLSearchParams({ ...at.fields, credential: JSON.stringify(credential) }).toString(),
});

it(`signs in once when one passkey answer is sent ${PARALLEL} times at once`, async () => {
  const user = await newUser();
  // A synced passkey: its counter stays 0, so only the challenge, spent once, stands between the copies.
  const device = newAuthenticator(false);
  await addPasskey(live.t.app, user, device);
  await clearCounters('sign-in:');
  const at = await openSignInPage(live.t.app);
  const answer = device.assert(await signInOptions(live.t.app, at.jar));
  const before = (await sessionsWithSecondStep(user.sub)).length;
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => assertionPost(at, answer)),
  );
  expect(result.statuses['302']).toBe(1);
  for (const a of result.answers) expect([302, 400, 429]).toContain(a.status);
  const codes = await db().selectFrom('auth_codes').select('second_step_at').where('user_id', '=', user.sub).where('used_at', 'is', null).execute();
  expect(codes).toHaveLength(1);
  // The one code, taken to the callback, makes the one session.
  const callback = result.answers.find((a) => a.status === 302)!.headers.location!;
  const { location } = await follow(live.t.app, at.jar, await request(live.t.app, at.jar, { url: callback }));
  expect(location).toBe(`${FRONT_END}/?state=passkey-state`);
  expect((await sessionsWithSecondStep(user.sub)).length).toBe(before + 1);
  await clearCounters('sign-in:');
});

it(`adds one passkey when one new passkey's answer is sent ${PARALLEL} times at once`, async () => {
  const user = await newUser();
  const answer = newAuthenticator().register(await creationOptions(live.t.app, user));
  const call: HttpCall = {
    method: 'POST',
    path: `/api/users/${user.sub}/passkeys`,
    headers: { 'content-type': 'application/json', origin: FRONT_END, cookie: user.jar.header() },
    body: JSON.stringify({ name: 'Burst', credential: answer }),
  };
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => call),
  );
  expect(result.statuses['200']).toBe(1);
  for (const a of result.answers) expect([200, 400]).toContain(a.status);
  expect((await listPasskeys(live.t.app, user)).map((p) => p.name)).toEqual(['Burst']);
});

it(`keeps at most ${PASSKEY_LIMITS.challengesPerAddress.max} sign-in challenges for one address however many are asked for at once`, async () => {
  await clearCounters('passkey-challenge:');
  const at = await openSignInPage(live.t.app);
  const before = await db().selectFrom('passkey_challenges').select('challenge_hash').where('purpose', '=', 'sign-in').execute();
  const call: HttpCall = {
    method: 'POST',
    path: '/account/passkey-sign-in/options',
    headers: { 'content-type': 'application/json', origin: FRONT_END, cookie: at.jar.header() },
    body: '{}',
  };
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => call),
  );
  expect(result.statuses['200']).toBe(PASSKEY_LIMITS.challengesPerAddress.max);
  expect(result.statuses['429']).toBe(PARALLEL - PASSKEY_LIMITS.challengesPerAddress.max);
  const after = await db().selectFrom('passkey_challenges').select('challenge_hash').where('purpose', '=', 'sign-in').execute();
  expect(after.length - before.length).toBe(PASSKEY_LIMITS.challengesPerAddress.max);
  await clearCounters('passkey-challenge:');
});

it(`lets one account start at most ${PASSKEY_LIMITS.registrationsPerUser.max} new passkeys however many are asked for at once`, async () => {
  const user = await newUser();
  const call: HttpCall = {
    method: 'POST',
    path: `/api/users/${user.sub}/passkeys/options`,
    headers: { 'content-type': 'application/json', origin: FRONT_END, cookie: user.jar.header() },
    body: '{}',
  };
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => call),
  );
  expect(result.statuses['200']).toBe(PASSKEY_LIMITS.registrationsPerUser.max);
  expect(result.statuses['429']).toBe(PARALLEL - PASSKEY_LIMITS.registrationsPerUser.max);
  const kept = await db().selectFrom('passkey_challenges').select('challenge_hash').where('user_id', '=', user.sub).execute();
  expect(kept).toHaveLength(PASSKEY_LIMITS.registrationsPerUser.max);
});
