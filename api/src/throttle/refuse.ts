// The first step of every limited JSON route: one request counted against its limits, or refused with
// 429, a Retry-After header and the route's own error once a limit is reached.
import type { FastifyReply } from 'fastify';
import type { HttpError } from '../http/errors';
import { retryAfterSeconds } from '../http/retry-after';
import type { Counter, Throttle } from './throttle';

export async function takeOrRefuse(throttle: Throttle, counters: Counter[], reply: FastifyReply, refusal: (retryAfterMs: number) => HttpError): Promise<void> {
  const refused = await throttle.take(counters);
  if (!refused) return;
  reply.header('Retry-After', retryAfterSeconds(refused.retryAfterMs));
  throw refusal(refused.retryAfterMs);
}
