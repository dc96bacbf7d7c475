// Password hashes in the form the API stored before Argon2id (`scrypt$N$r$p$salt$key`, base64url),
// for tests and benches of accounts that still hold one.
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

/** N 2^15 was the production cost; tests use less. */
export async function scryptHash(password: string, N = 2 ** 10): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, 32, { N, r: 8, p: 1, maxmem: 128 * N * 8 * 2 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}
