// The e-mail change limit (5 an hour per user) under 300 PATCHes at once, over real HTTP, on SQLite
// and PostgreSQL. Each change the server evaluates tells the caller whether the address belongs to
// another account (409) or not (a link is sent): the limit must count every such answer, or a
// signed-in script learns which addresses have accounts without bound (registration and password
// reset never tell it). The password the change needs is checked under the sign-in limits, so 300
// guesses at once get at most the limit checked.
import { FRONT_END, DEMO, liveTestApp, outbox, register } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import type { HttpCall } from '../test/burst';

import { EMAIL_CHANGE_LIMITS, SIGN_IN_LIMITS } from '../auth/throttle-rules';

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

it(`checks at most ${SIGN_IN_LIMITS.perAccountAndAddress.max} of ${PARALLEL} wrong passwords sent at once with an e-mail change; the rest are refused (429) and nothing is sent`, async () => {
  const owner = await register(live.t.app, { email: 'guessed@example.com', password: PASSWORD });
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, (_, i) => ({
      ...patchEmail(owner, 'guess.target@example.com'),
      body: JSON.stringify({ user: { email: 'guess.target@example.com' }, currentPassword: `wrong-guess-${i}` }),
    })),
  );
  const checked = result.answers.filter((a) => a.status === 400);
  expect(checked.length).toBeGreaterThan(0);
  expect(checked.length).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccountAndAddress.max);
  expect(checked.length + result.answers.filter((a) => a.status === 429).length).toBe(PARALLEL);
  expect(await outbox(live.t.app, 'guess.target@example.com')).toEqual([]);
});
