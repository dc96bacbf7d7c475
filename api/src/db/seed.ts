// Demo data, seeded into an empty database on first start (api/README.md "Demo sign-ins"):
// three employers; Alex (two employments, one ended) with a year of payslips and documents; Sam
// (one employment) to prove users see only their own data; Jamie at Glenmore Foods, whose payroll
// shows the Scottish, weekly and loan rules; and unlinked records for linking.
// The employers' data (records, payslips, pay documents, intranet documents, updates) is in import
// files (api/demo/*.json), loaded as payroll would load it; only the sign-ins are the seed's own.
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { nowIso } from './convert';
import { hashPassword } from '../auth/passwords';
import { sha256 } from '../secrets';
import fs from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../config';
import type { Argon2Cost } from '../config';
import { anythingRefused, runImport, summaryLines } from '../employer-api/import-run';
import { noProgress } from '../employer-api/import-progress';
import { externalIds } from '../employer-api/publish-repository';
import { GLENMORE_EMPLOYER } from './demo/glenmore';

export const DEMO_PASSWORD = 'Payslips-2026';

/** The demo invitation's life: ten years. */
const DEMO_INVITATION_TTL_MS = 10 * 365 * 24 * 3600_000;

export const DEMO = {
  alex: { id: '5f0c2a9e-3d4b-4e7a-9c1f-a1e000000001', email: 'alex.morgan@example.com' },
  sam: { id: '5f0c2a9e-3d4b-4e7a-9c1f-a1e000000002', email: 'sam.patel@example.com' },
  /** Northwind's admin in the employer console (not an employee). */
  priya: { id: '5f0c2a9e-3d4b-4e7a-9c1f-a1e000000003', email: 'payroll@northwind.example' },
  jamie: { id: '5f0c2a9e-3d4b-4e7a-9c1f-a1e000000004', email: 'jamie.campbell@example.com' },
  employers: { northwind: 'er_northwind', brightwater: 'er_brightwater', glenmore: GLENMORE_EMPLOYER.id },
  employments: {
    alexNorthwind: 'em_alex_northwind',
    alexBrightwater: 'em_alex_brightwater',
    samBrightwater: 'em_sam_brightwater',
    newStarter: 'em_new_starter',
    invite: 'em_invite_demo',
    jamieGlenmore: 'em_jamie_glenmore',
  },
  invitation: { token: 'INVITE-2026-DEMO', phone: '07700900123' },
} as const;

/** The demo employers' pay data, kept as import files in api/demo (api/README.md "Demo data"). */
const DEMO_FILES = [
  { employerId: DEMO.employers.northwind, file: 'northwind.json' },
  { employerId: DEMO.employers.brightwater, file: 'brightwater.json' },
  // Made by the payroll rules: `pnpm --filter api demo:glenmore` (src/db/demo/glenmore.ts).
  { employerId: DEMO.employers.glenmore, file: 'glenmore.json' },
] as const;

/**
 * Whether the seed has nothing left to do: true once its last step (the sign-in accounts, stored
 * in the same transaction as their links) is in; and on a database with employers but none of the
 * demo's, whose data is not the seed's to touch. A start that crashed mid-seed leaves the demo
 * employers without the demo accounts, so the next start seeds again and completes it.
 */
export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const demo = await db.selectFrom('employers').select('id').where('id', '=', DEMO.employers.northwind).executeTakeFirst();
  if (!demo) return Boolean(await db.selectFrom('employers').select('id').limit(1).executeTakeFirst());
  const alex = await db.selectFrom('identity_users').select('id').where('id', '=', DEMO.alex.id).executeTakeFirst();
  return Boolean(alex);
}

/**
 * Seeds in three steps, each safe to run again, so a second start completes a seed a crash left
 * half-done: the employers; the pay data, imported from the demo files through the import
 * command's own code path (checks, rules, repository; already-published items are left as they
 * are); then, in one transaction, what only the seed can make: the sign-in accounts with their
 * passwords, their links to their employments, the invitation token and Northwind's console admin.
 */
export async function seedDemoData(db: Kysely<Database>, passwordCost?: Argon2Cost): Promise<void> {
  await db
    .insertInto('employers')
    .values([
      {
        id: DEMO.employers.northwind,
        name: 'Northwind Logistics Ltd',
        address: 'Unit 4, Meridian Park\nLeicester\nLE19 1WX',
        paye_reference: '123/NW45678',
      },
      {
        id: DEMO.employers.brightwater,
        name: 'Brightwater Foods plc',
        address: '18 Harbour Street\nBristol\nBS1 4RN',
        paye_reference: '475/BF20931',
      },
      {
        id: GLENMORE_EMPLOYER.id,
        name: GLENMORE_EMPLOYER.name,
        address: GLENMORE_EMPLOYER.address,
        paye_reference: GLENMORE_EMPLOYER.payeReference,
      },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  for (const { employerId, file } of DEMO_FILES) {
    const data: unknown = JSON.parse(fs.readFileSync(path.join(API_ROOT, 'demo', file), 'utf8'));
    // The demo keeps the files' own ids as internal ids: tests, docs and links name them.
    const summary = await runImport(db, employerId, data, noProgress, externalIds);
    if (anythingRefused(summary)) throw new Error(`The demo file api/demo/${file} was refused:\n${summaryLines(summary).join('\n')}`);
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD, passwordCost);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const [user, first, middle, last, mobile, birth, ni] of [
      [DEMO.alex, 'Alex', 'Jordan', 'Morgan', '07700900456', '1988-06-12', 'AB987654B'],
      [DEMO.sam, 'Sam', null, 'Patel', '07700900789', '1992-11-03', 'AB246810D'],
      [DEMO.jamie, 'Jamie', null, 'Campbell', '07700900234', '1996-08-14', 'AB135792C'],
    ] as const) {
      await trx
        .insertInto('identity_users')
        .values({
          id: user.id,
          email: user.email,
          password_hash: passwordHash,
          first_name: first,
          middle_name: middle,
          last_name: last,
          mobile_phone: mobile,
          birth_date: birth,
          ni_number: ni,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('users')
        .values({ id: user.id, email: user.email, privacy_policy_accepted: true, privacy_policy_accepted_at: now, created_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    for (const [employmentId, user] of [
      [DEMO.employments.alexNorthwind, DEMO.alex],
      [DEMO.employments.alexBrightwater, DEMO.alex],
      [DEMO.employments.samBrightwater, DEMO.sam],
      [DEMO.employments.jamieGlenmore, DEMO.jamie],
    ] as const) {
      await trx.updateTable('employments').set({ user_id: user.id, linked_at: now }).where('id', '=', employmentId).execute();
    }
    // The demo's text invitation lives long, so the demo keeps working whenever it is started.
    await trx
      .insertInto('employee_invitations')
      .values({
        id: 'inv_demo',
        employment_id: DEMO.employments.invite,
        channel: 'sms',
        token_hash: sha256(DEMO.invitation.token),
        created_by: null,
        created_at: now,
        last_sent_at: now,
        expires_at: nowIso(DEMO_INVITATION_TTL_MS),
        used_at: null,
        revoked_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('identity_users')
      .values({
        id: DEMO.priya.id,
        email: DEMO.priya.email,
        password_hash: passwordHash,
        first_name: 'Priya',
        middle_name: null,
        last_name: 'Shah',
        mobile_phone: null,
        birth_date: null,
        ni_number: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('employer_admins')
      .values({ employer_id: DEMO.employers.northwind, user_id: DEMO.priya.id, created_at: now, invited_by: null })
      .onConflict((oc) => oc.columns(['employer_id', 'user_id']).doNothing())
      .execute();
  });
}
