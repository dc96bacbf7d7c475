// A new password (reset link, the account page's change, or the undo of an e-mail change) ends what
// was waiting for whoever knew the old one: the reset links, and the address changes and
// confirmations asked for with a session the owner may be locking out. Sessions and sign-in codes
// are ended by the caller (tokens.ts), after the transaction this runs in. The owner's alert is
// queued here, in the same transaction, so every way of setting a password sends it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { EmailChangeRepository } from './email-change-repository';
import { IdentityRepository } from './repository';
import { PasswordResetRepository } from './password-reset-repository';
import { queueAccountAlert } from './account-alerts';

export async function setNewPassword(db: Kysely<Database>, userId: string, passwordHash: string): Promise<void> {
  await new IdentityRepository(db).setPassword(userId, passwordHash);
  await new PasswordResetRepository(db).spendAllOf(userId);
  await new EmailChangeRepository(db).cancelOnNewPassword(userId);
  await queueAccountAlert(db, userId, 'password');
}
