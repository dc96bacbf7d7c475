// The e-mail change limit (5 an hour per user) under 300 PATCHes at once, over real HTTP, on SQLite
// and PostgreSQL. Each change the server evaluates tells the caller whether the address belongs to
// another account (409) or not (a link is sent): the limit must count every such answer, or a
// signed-in script learns which addresses have accounts without bound (registration and password
// reset never tell it).
import { FRONT_END, DEMO, liveTestApp, register } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import type { HttpCall } from '../test/burst';

import { EMAIL_CHANGE_LIMITS } from '../auth/throttle-rules';

const PARALLEL = 300;
const LIMIT = EMAIL_CHANGE_LIMITS.perUser.max;
const PASSWORD = 'a-long-password-9';

const live = liveTestApp();

const patchEmail = (user: SignedIn, email: string): HttpCall => ({
  method: 'PATCH',
  path: `/api/user/${user.sub}`,
  headers: { cookie: user.jar.header(), origin: FRONT_END, 'content-type': 'application/json' },
  body: JSON.stringify({ user: { email }, currentPassword: PASSWORD }),
});

it(`answers at most ${LIMIT} of ${PARALLEL} e-mail changes at once whether the address has an account; the rest are refused (429)`, async () => {
  const prober = await register(live.t.app, { email: 'prober@example.com', password: PASSWORD });
  // Half the guesses are addresses with an account (the demo users), half are not.
  const guesses = Array.from({ length: PARALLEL }, (_, i) => (i % 2 === 0 ? [DEMO.alex.email, DEMO.sam.email][(i / 2) % 2]! : `guess.${i}@example.com`));
  const result = await burst(
    live.server,
    guesses.map((email) => patchEmail(prober, email)),
  );
  // Every answer other than 429 told the prober something about its address.
  const told = result.answers.filter((a) => a.status !== 429);
  expect(told.length).toBeLessThanOrEqual(LIMIT);
  expect(Object.keys(result.statuses).sort()).toEqual(expect.arrayContaining(['429']));
  for (const answer of result.answers) expect([200, 409, 429]).toContain(answer.status);
});
