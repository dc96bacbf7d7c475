// Employer API keys: `<keyId>.<secret>`. The id finds the row; only sha256 of the secret is
// stored (the secret is 32 random bytes, so a fast hash is enough) and compared in constant time.
import crypto from 'node:crypto';

export type NewKey = { keyId: string; secretHash: string; key: string };

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

export function generateKey(): NewKey {
  const keyId = `ek_${crypto.randomBytes(9).toString('hex')}`;
  const secret = crypto.randomBytes(32).toString('base64url');
  return { keyId, secretHash: hashSecret(secret), key: `${keyId}.${secret}` };
}

/** How a key is named where it cannot be shown: its first 8 characters (`ek_` and 5 of its id). */
export const keyPrefix = (keyOrId: string): string => keyOrId.slice(0, 8);

/** The key id and secret of an `Authorization: Bearer <key>` header, or null when it is not one. */
export function parseBearer(header: string | undefined): { keyId: string; secret: string } | null {
  const m = /^Bearer (ek_[0-9a-f]{18})\.([A-Za-z0-9_-]{43})$/.exec(header ?? '');
  return m ? { keyId: m[1]!, secret: m[2]! } : null;
}

/** Whether `secret` hashes to `storedHash`, taking the same time whatever the answer. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === given.length && crypto.timingSafeEqual(given, stored);
}
