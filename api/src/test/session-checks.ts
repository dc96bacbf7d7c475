// What the session-check tests share (session-checks.*.test.ts): one route of each kind of check,
// the session a user's cookies name, and the statuses of a few calls sent together.
import { DEMO } from './helpers';
import type { SignedIn } from './helpers';
import { burst, payslipsPath, signedInGet } from './burst';
import type { HttpCall, LiveServer } from './burst';

/** The demo users' own payslip lists: Alex's at Northwind, Sam's at Brightwater. */
export const ALEX_PAYSLIPS = payslipsPath(DEMO.alex.id, DEMO.employments.alexNorthwind);
export const SAM_PAYSLIPS = payslipsPath(DEMO.sam.id, DEMO.employments.samBrightwater);

/** One route of each kind of check: with the employment's owner, with the user's record, the session alone. */
export const checkRoutesOf = (user: SignedIn, payslips: string): HttpCall[] => [
  signedInGet(user, payslips),
  signedInGet(user, '/api/users/authorised'),
  signedInGet(user, `/api/users/${user.sub}/privacy_policy_text`),
];

/** The session id (`sid`) in a signed-in user's access token. */
export function sessionIdOf(user: SignedIn): string {
  const token = user.jar.get('__Host-app.at')!;
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}

/** The statuses of `calls`, sent to `server` together, in the calls' order. */
export function statusesOf(server: LiveServer, calls: HttpCall[]): Promise<number[]> {
  return Promise.all(calls.map(async (call) => (await server.send(call)).status));
}

/**
 * Sends each of `distinct` alone (each must answer 200), then `calls` (made of them) in bursts,
 * `rounds` times: every answer in a burst must be the 200 its call had alone, never another user's.
 * Gives each call's answer alone.
 */
export async function expectOwnAnswersInBursts(
  server: LiveServer,
  distinct: HttpCall[],
  calls: HttpCall[],
  rounds = 2,
): Promise<(call: HttpCall) => string | undefined> {
  const keyOf = (call: HttpCall) => `${call.headers!.cookie} ${call.path}`;
  const alone = new Map<string, string>();
  for (const call of distinct) {
    const answer = await server.send(call);
    expect(answer.status).toBe(200);
    alone.set(keyOf(call), answer.body);
  }
  for (let round = 0; round < rounds; round++) {
    const { answers, statuses } = await burst(server, calls);
    expect(statuses).toEqual({ 200: calls.length });
    answers.forEach((answer, i) => expect(answer.body).toBe(alone.get(keyOf(calls[i]!))));
  }
  return (call) => alone.get(keyOf(call));
}
