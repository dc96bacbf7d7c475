// A sign-in with the right password replaces a stored hash weaker than the current cost (a scrypt
// hash of before, or Argon2id with less memory or fewer passes): the password is in hand only then.
// It is the same password, so nothing a new password ends (sessions, reset links, address changes)
// is touched, and nobody is told of a change.
import type { Kysely } from 'kysely';
import type { Argon2Cost } from '../config';
import type { Database } from '../db/schema';
import { IdentityRepository } from '../identity/repository';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

/**
 * The hash the user's row holds after a right `password`: the stored one, or the stronger one put in
 * its place. The sign-in goes on with it (its code is made only while the row still holds that hash).
 * When the row changed meanwhile, its new hash is taken if the password matches it (a sign-in in
 * another tab upgraded it first); otherwise the stored one is answered, which then no longer matches.
 */
export async function upgradedPasswordHash(
  db: Kysely<Database>,
  user: { id: string; passwordHash: string },
  password: string,
  cost: Argon2Cost,
): Promise<string> {
  if (!needsRehash(user.passwordHash, cost)) return user.passwordHash;
  const identities = new IdentityRepository(db);
  const stronger = await hashPassword(password, cost);
  if (await identities.replacePasswordHash(user.id, user.passwordHash, stronger)) return stronger;
  const now = (await identities.findById(user.id))?.password_hash;
  return now && (await verifyPassword(password, now)) ? now : user.passwordHash;
}
