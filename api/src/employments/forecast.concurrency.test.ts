// The forecast under 300 calls at once, over real HTTP, on SQLite and PostgreSQL: each answer is
// worked from its own rows and its own query, so Alex's and Sam's answers, with and without a
// pension what-if, never mix.
import { DEMO, FRONT_END, liveTestApp, signInAlex, signInSam } from '../test/helpers';
import { burst } from '../test/burst';
import type { HttpCall } from '../test/burst';
import type { PayForecast } from '@portal/shared/api/types';

const PARALLEL = 300;
const live = liveTestApp();

it(`answers ${PARALLEL} forecasts at once, each with its own figures`, async () => {
  const alex = await signInAlex(live.t.app);
  const sam = await signInSam(live.t.app);
  const call = (i: number): HttpCall => {
    const [user, employmentId] = i % 2 ? [sam, DEMO.employments.samBrightwater] : [alex, DEMO.employments.alexNorthwind];
    const query = i % 3 === 0 ? '' : `?pensionPercent=${i % 20}`;
    return { path: `/api/users/${user.sub}/employments/${employmentId}/forecast${query}`, headers: { cookie: user.jar.header(), origin: FRONT_END } };
  };
  const calls = Array.from({ length: PARALLEL }, (_, i) => call(i));
  // What each call answers alone.
  const alone = new Map<string, string>();
  for (const c of new Set(calls.map((c) => c.path))) {
    const only = calls.find((x) => x.path === c)!;
    alone.set(c, (await live.server.send(only)).body);
  }
  const result = await burst(live.server, calls);
  expect(result.statuses).toEqual({ 200: PARALLEL });
  result.answers.forEach((answer, i) => {
    expect(answer.body).toBe(alone.get(calls[i]!.path));
    const { data } = JSON.parse((JSON.parse(answer.body) as { data: string }).data) as { data: PayForecast };
    expect(data.basedOn.basicPay).toBe(i % 2 ? 2450 : 3312);
    expect(data.whatIf?.pension.percent ?? null).toBe(i % 3 === 0 ? null : i % 20);
  });
});
