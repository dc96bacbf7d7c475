// The second step's secrets: authenticator-app codes (TOTP, RFC 6238: 6 digits, 30-second steps,
// SHA-1, as every authenticator app expects), the TOTP secret encrypted at rest, and recovery codes.
// Nothing here touches the database or logs a secret.
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { keyedHash } from '../secrets';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** The steps either side of now that are accepted: a phone's clock may be a little off. */
const DRIFT_STEPS = 1;
/** The name an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Pay portal';

/** A new TOTP secret: 160 random bits (RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// address a QR code or a link hands to an authenticator app. */
export function otpauthUri(secretBase32: string, accountEmail: string): string {
  return totp(secretBase32, accountEmail).toString();
}

/** The key as a person types it: groups of four ('ABCD EFGH …'). */
export function groupedKey(secretBase32: string): string {
  return secretBase32.match(/.{1,4}/g)!.join(' ');
}

/** The 30-second step a moment falls in. */
export const timeStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code an app shows for a step (tests and the seed compute codes with it). */
export function totpCode(secretBase32: string, nowMs = Date.now()): string {
  return totp(secretBase32, '').generate({ timestamp: nowMs });
}

/** The step of `code` when it is right now, a step before or a step after; null when it is not. */
export function matchingStep(secretBase32: string, code: string, nowMs = Date.now()): number | null {
  const delta = totp(secretBase32, '').validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  return delta === null ? null : timeStep(nowMs) + delta;
}

/** Digits only ('123 456' and '123-456' are 123456): null unless six digits remain. */
export function normaliseTotpCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
}

/**
 * The key that encrypts TOTP secrets: derived from the API's secret (TOKEN_SECRET) with a purpose
 * label, as the CSRF and browser hashes are, so the database alone does not hold it.
 */
function encryptionKey(tokenSecret: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', tokenSecret, new Uint8Array(0), 'second-step:totp-secret-encryption', 32));
}

const SEALED = /^v1\.([\w-]{16})\.([\w-]+)\.([\w-]{22})$/;

/** AES-256-GCM of the secret, bound to its account (the user id is the additional data): 'v1.iv.ciphertext.tag'. */
export function encryptTotpSecret(tokenSecret: Uint8Array, userId: string, secretBase32: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', encryptionKey(tokenSecret), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

/** The secret back; throws when the text was altered, belongs to another account, or was sealed with another TOKEN_SECRET. */
export function decryptTotpSecret(tokenSecret: Uint8Array, userId: string, sealed: string): string {
  const parts = SEALED.exec(sealed);
  if (!parts) throw new Error('not an encrypted authenticator secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', encryptionKey(tokenSecret), Buffer.from(parts[1]!, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(parts[3]!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(parts[2]!, 'base64url')), decipher.final()]).toString('utf8');
}

export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits that cannot be mistaken for one another: no 0/o, 1/l/i. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_HALF = 4;

/** Ten new recovery codes, 'xxxx-xxxx' (about 40 random bits each). */
export function newRecoveryCodes(): string[] {
  const half = () => Array.from({ length: RECOVERY_HALF }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${half()}-${half()}`);
}

/** A recovery code as typed ('ABCD EFGH', 'abcdefgh', 'abcd-efgh') in its stored form; null when it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const plain = input.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== 2 * RECOVERY_HALF || [...plain].some((ch) => !RECOVERY_ALPHABET.includes(ch))) return null;
  return `${plain.slice(0, RECOVERY_HALF)}-${plain.slice(RECOVERY_HALF)}`;
}

/** Recovery codes are short: keyed with the API's secret, so a copy of the database alone cannot be searched. */
export const recoveryCodeHash = (tokenSecret: Uint8Array, userId: string, code: string) => keyedHash(tokenSecret, `recovery-code:${userId}:${code}`);
