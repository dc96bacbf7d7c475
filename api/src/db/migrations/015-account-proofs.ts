// Version 15: an address is proven before it is used.
// - Registration: the password is chosen on the page the e-mailed link opens, so a pending
//   registration keeps none. Registrations still waiting carry a password typed by whoever filled
//   in the form, not necessarily the address's owner: they are voided (their links answer "expired"
//   and the owner registers again). At most one link per address is live: a new registration
//   replaces the earlier one (the partial unique index, an upsert in auth/registration.ts).
// - email_changes holds every e-mailed proof of an address, by purpose: a new sign-in address
//   ('sign-in'), a new notification address ('notifications'), and the link that undoes a completed
//   sign-in change, sent to the address it replaced ('undo').
// - users.email (where notices go) held addresses nobody proved: those that are not the sign-in
//   address are cleared, so notices go to the sign-in address until a new one is confirmed.
import { sql } from 'kysely';
import type { PortalMigration } from './types';
import { migrationName } from './types';

export const accountProofs: PortalMigration = {
  name: migrationName(__filename),
  async up(db) {
    const now = new Date().toISOString();
    await sql`update pending_registrations set used_at = ${now} where used_at is null`.execute(db);
    await db.schema.alterTable('pending_registrations').dropColumn('password_hash').execute();
    await sql`create unique index pending_registrations_live_email on pending_registrations (email) where used_at is null`.execute(db);

    await db.schema
      .alterTable('email_changes')
      .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('sign-in'))
      .execute();

    await sql`update users set email = null
      where email is not null
        and not exists (select 1 from identity_users i where i.id = users.id and i.email = users.email)`.execute(db);
  },
};
