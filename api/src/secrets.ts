// Hashes for secrets kept in the database. Random high-entropy values (refresh tokens, sign-in
// codes, invitation tokens) need only SHA-256; short values (6-digit linking codes) are keyed with
// the server secret so a copy of the database alone cannot be brute-forced.
import crypto from 'node:crypto';

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

export function keyedHash(secret: Uint8Array, value: string): string {
  return crypto.createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
