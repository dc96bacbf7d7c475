// Two-step sign-in from Settings under 300 posts at once, over real HTTP, on SQLite and PostgreSQL.
// Whoever holds a session can fire every guess together at the routes that take a code: the
// account's limit (the sign-in's own) must still look at no more than its few codes, and one right
// code sent 300 times must be accepted once.
import { FRONT_END, liveTestApp, register } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import type { HttpCall } from '../test/burst';
import { freshCode } from '../test/second-step';
import { turnOnTwoStep, twoStepPath } from '../test/account-security';
import { totpCode } from './second-step-secrets';
import { SECOND_STEP_LIMITS } from './throttle-rules';

const PARALLEL = 300;
const LIMIT = SECOND_STEP_LIMITS.perAccount.max;

const live = liveTestApp();

let people = 0;
async function personWithTwoStep(): Promise<SignedIn & { secret: string }> {
  people += 1;
  const user = await register(live.t.app, { email: `settings.burst.${people}@example.com`, password: 'a-long-enough-password' });
  return { ...user, secret: (await turnOnTwoStep(live.t.app, user)).secret };
}

const post = (user: SignedIn, path: string, body: unknown): HttpCall => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', origin: FRONT_END, cookie: user.jar.header() },
  body: JSON.stringify(body),
});

const isOn = async (userId: string) =>
  (await live.t.database.db.selectFrom('second_step_authenticators').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst())?.confirmed_at !=
  null;

it(`looks at no more than ${LIMIT} of ${PARALLEL} wrong codes sent at once to turn the step off, and the right one after them waits`, async () => {
  const user = await personWithTwoStep();
  const wrong = Array.from({ length: PARALLEL - 1 }, (_, i) =>
    post(user, twoStepPath(user, 'turn-off'), { code: totpCode(user.secret, Date.now() - (i + 10) * 60_000) }),
  );
  const right = post(user, twoStepPath(user, 'turn-off'), { code: await freshCode(live.t.app, user.email) });
  const result = await burst(live.server, wrong, { call: right, sendLastAfter: LIMIT });
  const checked = result.answers.filter((a) => a.status === 400).length;
  expect(checked).toBeLessThanOrEqual(LIMIT);
  for (const answer of result.answers) expect([400, 429]).toContain(answer.status);
  expect(result.statuses['429']).toBeGreaterThanOrEqual(PARALLEL - 1 - LIMIT);
  expect(result.last?.status).toBe(429);
  expect(await isOn(user.sub)).toBe(true);
});

it(`accepts one right code sent ${PARALLEL} times at once for new recovery codes, once`, async () => {
  const user = await personWithTwoStep();
  const code = await freshCode(live.t.app, user.email);
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => post(user, twoStepPath(user, 'recovery-codes'), { code })),
  );
  expect(result.statuses['200']).toBe(1);
  for (const answer of result.answers) expect([200, 400, 429]).toContain(answer.status);
  const handedOut = JSON.parse((JSON.parse(result.answers.find((a) => a.status === 200)!.body) as { data: string }).data) as {
    data: { recoveryCodes: string[] };
  };
  expect(handedOut.data.recoveryCodes).toHaveLength(10);
  const unspent = await live.t.database.db
    .selectFrom('second_step_recovery_codes')
    .select('code_hash')
    .where('user_id', '=', user.sub)
    .where('used_at', 'is', null)
    .execute();
  expect(unspent).toHaveLength(10);
});

it(`confirms a new app once when its first code is sent ${PARALLEL} times at once`, async () => {
  people += 1;
  const user = await register(live.t.app, { email: `settings.burst.${people}@example.com`, password: 'a-long-enough-password' });
  const setUp = await live.server.send(post(user, twoStepPath(user, 'set-up'), {}));
  const key = (JSON.parse((JSON.parse(setUp.body) as { data: string }).data) as { data: { key: string } }).data.key.replace(/ /g, '');
  const code = totpCode(key);
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => post(user, twoStepPath(user, 'confirm'), { code })),
  );
  expect(result.statuses['200']).toBe(1);
  for (const answer of result.answers) expect([200, 400, 409, 429]).toContain(answer.status);
  expect(await isOn(user.sub)).toBe(true);
  const alerts = await live.t.database.db.selectFrom('account_alerts').select('id').where('user_id', '=', user.sub).where('kind', '=', 'two-step-on').execute();
  expect(alerts).toHaveLength(1);
});
