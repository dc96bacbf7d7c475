// What one employer API key may ask, counted in the database (throttle/throttle.ts's counters), so the
// limits hold across API processes and however many calls arrive at once:
// - calls per minute (a fixed window), each call taking a slot before it is handled;
// - pay runs in progress at once: a slot taken when the call arrives, before its body is read, and
//   given back when it has been answered. A slot whose call never gave it back (the process died)
//   is freed when its counter's window ends (PAY_RUN_LEASE_MS), longer than any pay run takes.
// A refusal is 429 with Retry-After and `{ status, error }`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmployerApiLimits } from '../config';
import type { Throttle } from '../throttle/throttle';
import { HttpError } from '../http/errors';
import { retryAfterSeconds } from '../http/retry-after';

const MINUTE = 60_000;
const PAY_RUN_LEASE_MS = 10 * MINUTE;

export const perMinuteKey = (keyId: string) => `employer-api:minute:${keyId}`;
export const payRunsKey = (keyId: string) => `employer-api:pay-runs:${keyId}`;

const tooMany = (message: string, retryAfterMs: number) => {
  const seconds = retryAfterSeconds(retryAfterMs);
  return new HttpError(429, `${message}; try again in ${seconds} s`, { 'retry-after': seconds });
};

/** The plugin's onRequest hook after the key is known: one slot of the key's calls this minute. */
export function limitCallsPerKey(throttle: Throttle, limits: EmployerApiLimits) {
  return async (request: FastifyRequest): Promise<void> => {
    const refused = await throttle.take([{ key: perMinuteKey(request.employerKeyId!), limit: { max: limits.requestsPerMinute, windowMs: MINUTE } }]);
    if (refused) throw tooMany(`Too many calls with this API key: at most ${limits.requestsPerMinute} a minute`, refused.retryAfterMs);
  };
}

/** The pay run route's hooks: a slot of the key's pay runs in progress, taken on arrival and given back once answered. */
export function onePayRunSlot(throttle: Throttle, limits: EmployerApiLimits) {
  const holding = new WeakSet<FastifyRequest>();
  const giveBack = async (request: FastifyRequest) => {
    if (!holding.delete(request)) return;
    await throttle.giveBack(payRunsKey(request.employerKeyId!));
  };
  return {
    onRequest: async (request: FastifyRequest): Promise<void> => {
      const key = payRunsKey(request.employerKeyId!);
      const refused = await throttle.take([{ key, limit: { max: limits.payRunsAtOnce, windowMs: PAY_RUN_LEASE_MS } }]);
      if (refused) {
        const message = `Too many pay runs in progress with this API key: at most ${limits.payRunsAtOnce} at once`;
        // Retried once one has been answered, not when the lease would run out.
        throw tooMany(message, 5_000);
      }
      holding.add(request);
    },
    onResponse: (request: FastifyRequest, _reply: FastifyReply) => giveBack(request),
    onRequestAbort: (request: FastifyRequest) => giveBack(request),
  };
}
