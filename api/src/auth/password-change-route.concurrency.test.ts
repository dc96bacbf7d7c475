// Settings' password change (POST /api/users/{userId}/password) under 300 calls at once, over real
// HTTP, on SQLite and PostgreSQL: it checks the current password, so whoever holds a session (a
// shared computer, a stolen cookie) must meet the sign-in limits here too.
import { FRONT_END, liveTestApp, register } from '../test/helpers';
import { burst } from '../test/burst';
import type { HttpCall } from '../test/burst';
import { SIGN_IN_LIMITS } from './throttle-rules';
import { verifyPassword } from './passwords';

const PARALLEL = 300;
const LIMIT = SIGN_IN_LIMITS.perAccountAndAddress.max;
const PASSWORD = 'the-right-password-1';
const THIEFS_PASSWORD = 'a-password-chosen-by-a-thief';

const live = liveTestApp();

it(`checks at most ${LIMIT} current passwords of ${PARALLEL} changes at once, and the right one then waits`, async () => {
  const user = await register(live.t.app, { email: 'settings-changer@example.com', password: PASSWORD });
  const post = (currentPassword: string): HttpCall => ({
    method: 'POST',
    path: `/api/users/${user.sub}/password`,
    headers: { 'content-type': 'application/json', origin: FRONT_END, cookie: user.jar.header() },
    body: JSON.stringify({ currentPassword, newPassword: THIEFS_PASSWORD, confirmPassword: THIEFS_PASSWORD }),
  });
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL - 1 }, (_, i) => post(`guess-${i}`)),
    { call: post(PASSWORD), sendLastAfter: LIMIT },
  );
  // Only a checked current password answers 400 "not right" (or 200, the change made).
  const checked = result.answers.filter((a) => a.body.includes('password.current_not_right') || a.status === 200).length;
  expect(checked).toBeLessThanOrEqual(LIMIT);
  expect(result.last?.status).toBe(429);
  expect(JSON.parse(result.last!.body)).toMatchObject({ code: 'password.too_many_attempts' });
  for (const answer of result.answers) expect([400, 429]).toContain(answer.status);
  // The password is still the owner's.
  const { password_hash: hash } = await live.t.database.db
    .selectFrom('identity_users')
    .select('password_hash')
    .where('id', '=', user.sub)
    .executeTakeFirstOrThrow();
  expect(await verifyPassword(PASSWORD, hash)).toBe(true);
});
