// Every /employer-api/v1 call names an employer API key (`Authorization: Bearer <key>`); the
// employer it belongs to is the only one whose records the call can read or write.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import type { EmployerKeyRepository } from './key-repository';
import { hashSecret, parseBearer, secretMatches } from './keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The employer whose API key authenticated this call (set by requireEmployerKey). */
    employerId: string | null;
    /** The id of that key, by which its calls are counted (rate-limits.ts). */
    employerKeyId: string | null;
  }
}

const UNAUTHORISED = 'An employer API key is needed: send `Authorization: Bearer <key>` with a key that has not been revoked';
/** A key's last use is written at most this often (each call would otherwise write). */
export const LAST_USED_EVERY_MS = 60_000;
/** Compared against when the key id is unknown, so an unknown id takes as long as a wrong secret. */
const DUMMY_HASH = hashSecret('no such key');

export function requireEmployerKey(keys: EmployerKeyRepository) {
  return async (request: FastifyRequest): Promise<void> => {
    const presented = parseBearer(request.headers.authorization);
    if (!presented) throw new HttpError(401, UNAUTHORISED, { 'www-authenticate': 'Bearer realm="employer-api"' });
    const key = await keys.findLive(presented.keyId);
    const matches = secretMatches(presented.secret, key?.secretHash ?? DUMMY_HASH);
    if (!key || !matches) throw new HttpError(401, UNAUTHORISED, { 'www-authenticate': 'Bearer realm="employer-api", error="invalid_token"' });
    const lastUsed = key.lastUsedAt === null ? 0 : new Date(key.lastUsedAt).getTime();
    // Read first, so most calls write nothing; the UPDATE is conditional, so a burst writes once.
    if (Date.now() - lastUsed >= LAST_USED_EVERY_MS) await keys.markUsed(presented.keyId, LAST_USED_EVERY_MS);
    request.employerId = key.employerId;
    request.employerKeyId = presented.keyId;
  };
}
