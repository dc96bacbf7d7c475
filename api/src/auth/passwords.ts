// Password hashing with Argon2id (RFC 9106; memory-hard, winner of the Password Hashing Competition)
// by Node's own crypto.argon2, stored as a PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`
// (salt and hash in base64 without padding), the form other Argon2 libraries read and write. The
// parameters travel with each hash, so they can be raised without breaking existing passwords: a
// hash weaker than the current cost, and every scrypt hash of before (`scrypt$N$r$p$salt$key`, still
// verified), is replaced at its owner's next sign-in (needsRehash; password-upgrade.ts). The cost is
// OWASP's (config.ts, DEFAULT_PASSWORD_COST); tests lower it through config (testConfig) for speed.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { DEFAULT_PASSWORD_COST } from '../config';
import type { Argon2Cost } from '../config';

const VERSION = 19; // 0x13, Argon2 1.3
const SALT_BYTES = 16;
const HASH_BYTES = 32;

const argon2 = promisify(crypto.argon2);

/** Node's crypto.argon2 (Node.js 24.7 and later), run on libuv's thread pool like scrypt. */
function argon2id(parameters: crypto.Argon2Parameters): Promise<Buffer> {
  return argon2('argon2id', parameters);
}

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

/** PHC strings use base64 without its padding. */
const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** Passwords are compared as the same text however the keyboard composed it. */
const normalised = (password: string) => password.normalize('NFKC');

export async function hashPassword(password: string, cost: Argon2Cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await argon2id({
    message: normalised(password),
    nonce: salt,
    memory: cost.memoryKiB,
    passes: cost.passes,
    parallelism: cost.parallelism,
    tagLength: HASH_BYTES,
  });
  return `$argon2id$v=${VERSION}$m=${cost.memoryKiB},t=${cost.passes},p=${cost.parallelism}$${b64(salt)}$${b64(hash)}`;
}

type Argon2Hash = { kind: 'argon2id'; cost: Argon2Cost; salt: Buffer; hash: Buffer };
type ScryptHash = { kind: 'scrypt'; N: number; r: number; p: number; salt: Buffer; key: Buffer };

const positive = (text: string | undefined) => (text && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null);

/** A stored hash read, or null when it is neither form. */
function parse(stored: string): Argon2Hash | ScryptHash | null {
  if (stored.startsWith('$argon2id$')) {
    const [, , version, params, salt, hash] = stored.split('$');
    const m = /^m=(\d+),t=(\d+),p=(\d+)$/.exec(params ?? '');
    const [memoryKiB, passes, parallelism] = [positive(m?.[1]), positive(m?.[2]), positive(m?.[3])];
    if (version !== `v=${VERSION}` || !memoryKiB || !passes || !parallelism || !salt || !hash) return null;
    const found: Argon2Hash = {
      kind: 'argon2id',
      cost: { memoryKiB, passes, parallelism },
      salt: Buffer.from(salt, 'base64'),
      hash: Buffer.from(hash, 'base64'),
    };
    // Argon2's own bounds (RFC 9106 3.1), so a damaged hash matches nothing instead of throwing.
    return found.salt.length >= 8 && found.hash.length >= 4 && memoryKiB >= 8 * parallelism ? found : null;
  }
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const [N, blockSize, lanes] = [positive(n), positive(r), positive(p)];
  if (scheme !== 'scrypt' || !N || !blockSize || !lanes || !salt || !key) return null;
  return { kind: 'scrypt', N, r: blockSize, p: lanes, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const found = parse(stored);
  if (!found) return false;
  if (found.kind === 'argon2id') {
    const { cost, salt, hash } = found;
    const actual = await argon2id({
      message: normalised(password),
      nonce: salt,
      memory: cost.memoryKiB,
      passes: cost.passes,
      parallelism: cost.parallelism,
      tagLength: hash.length,
    });
    return crypto.timingSafeEqual(actual, hash);
  }
  const { N, r, p, salt, key } = found;
  const actual = await scrypt(normalised(password), salt, key.length, { N, r, p, maxmem: 128 * N * r * 2 });
  return crypto.timingSafeEqual(actual, key);
}

/** True when a stored hash should be replaced by one at `cost`: scrypt, or Argon2id with less memory or fewer passes. */
export function needsRehash(stored: string, cost: Argon2Cost = DEFAULT_PASSWORD_COST): boolean {
  const found = parse(stored);
  if (found?.kind !== 'argon2id') return true;
  return found.cost.memoryKiB < cost.memoryKiB || found.cost.passes < cost.passes;
}

/** A hash of a random password at the current cost: verified against when the e-mail is unknown, so timing does not tell. */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(cost: Argon2Cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const key = `${cost.memoryKiB},${cost.passes},${cost.parallelism}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(crypto.randomBytes(16).toString('hex'), cost);
    dummyHashes.set(key, hash);
  }
  return hash;
}
