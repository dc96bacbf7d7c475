// The password change on the account page under 300 posts at once, over real HTTP, on SQLite and
// PostgreSQL. It checks the current password, so it is a password oracle for whoever holds a
// session (a shared computer, a stolen cookie): the sign-in limits must hold here too, or a guessed
// password changes and the owner is signed out everywhere.
import { CLIENT_ID, FRONT_END, liveTestApp, register } from '../test/helpers';
import { openForm } from '../test/forms';
import { burst } from '../test/burst';
import type { BurstResult, HttpCall } from '../test/burst';

import { SIGN_IN_LIMITS } from './throttle-rules';

const PARALLEL = 300;
const LIMIT = SIGN_IN_LIMITS.perAccountAndAddress.max;
const PASSWORD = 'the-right-password-1';

const live = liveTestApp();

/** Answers only a checked current password gives: 'not right' (400) or the change made (200). */
const checked = (result: BurstResult) =>
  result.answers.filter((a) => a.body.includes('Your current password is not right') || a.body.includes('Your password has been changed')).length;

it(`checks at most ${LIMIT} current passwords of ${PARALLEL} password changes at once, and the right one then fails`, async () => {
  const user = await register(live.t.app, { email: 'changer@example.com', password: PASSWORD });
  const form = await openForm(live.t.app, user.jar, `/account/?client_id=${CLIENT_ID}`);
  const post = (currentPassword: string): HttpCall => ({
    method: 'POST',
    path: form.action,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: FRONT_END, cookie: user.jar.header(), accept: 'text/html' },
    body: new URLSearchParams({
      ...form.fields,
      currentPassword,
      newPassword: 'a-password-chosen-by-a-thief',
      confirmPassword: 'a-password-chosen-by-a-thief',
    }).toString(),
  });
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL - 1 }, (_, i) => post(`guess-${i}`)),
    { call: post(PASSWORD), sendLastAfter: LIMIT },
  );
  expect(checked(result)).toBeLessThanOrEqual(LIMIT);
  expect(result.last?.status).toBe(429);
  expect(result.last?.body).not.toContain('Your password has been changed');
  for (const answer of result.answers) expect([400, 429]).toContain(answer.status);
});
