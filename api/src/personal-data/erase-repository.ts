// Closing an account: every row that is the person's, deleted in one transaction, and the
// employer's records they were linked to left with the employer, linked to no one. The one place
// that knows every table keyed by a person: a table added later that holds a user's rows gets one
// line here (erase.test.ts fails while any table with a `user_id` column keeps a row of a closed
// account).
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { forUpdate } from '../db/row-lock';

type Account = { id: string; email: string };
type Step = (trx: Kysely<Database>, account: Account) => Promise<unknown>;

/** The app user record and what hangs on it; the employer's records are unlinked, not deleted. */
const APP_USER_STEPS: Step[] = [
  (trx, { id }) => trx.deleteFrom('notification_preferences').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('notification_queue').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('linking_codes').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('link_requests').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('link_failures').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.updateTable('employments').set({ user_id: null, linked_at: null }).where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('users').where('id', '=', id).execute(),
];

/** The sign-in account: its sessions (ended at once), tokens, second step, links waiting, roles, then the account itself. */
const IDENTITY_STEPS: Step[] = [
  (trx, { id }) => trx.deleteFrom('auth_codes').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('refresh_tokens').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('sessions').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('pending_second_steps').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('second_step_recovery_codes').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('second_step_authenticators').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('password_resets').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('email_changes').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('account_closing_codes').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('passkeys').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('passkey_challenges').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('sign_in_events').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('known_devices').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('account_alerts').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('payroll_questions').where('user_id', '=', id).execute(),
  // Their proof-of-income packs: a lender checking one after this finds no such code.
  (trx, { id }) => trx.deleteFrom('issued_packs').where('user_id', '=', id).execute(),
  (trx, { email }) => trx.deleteFrom('pending_registrations').where('email', '=', email).execute(),
  (trx, { id }) => trx.deleteFrom('employer_admins').where('user_id', '=', id).execute(),
  (trx, { id }) => trx.deleteFrom('identity_users').where('id', '=', id).execute(),
];

/**
 * Deletes the account `userId` and everything of it, in `trx` (the caller's transaction). The
 * account's row is locked first (PostgreSQL), so of two closings at once the second finds nothing:
 * false when the account is already gone.
 */
export async function eraseAccount(trx: Kysely<Database>, dialect: DialectName, userId: string): Promise<boolean> {
  const account = await forUpdate(trx.selectFrom('identity_users').select(['id', 'email']).where('id', '=', userId), dialect).executeTakeFirst();
  if (!account) return false;
  for (const step of [...APP_USER_STEPS, ...IDENTITY_STEPS]) await step(trx, account);
  return true;
}
