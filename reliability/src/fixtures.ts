// People and payroll records written straight into the system's database (after the API has
// migrated and seeded it), so a part does not depend on the registration flow: identity users
// with a password, their app user rows, employment records (linked or waiting to be linked) and
// payslips. Columns as in api/src/db/migrations; booleans and timestamps as each database stores them.
import { hashPassword } from '../../api/src/auth/passwords.ts';
import { CHEAP_PASSWORD_COST } from '../../api/src/config.ts';
import type { TestDatabase } from './system.ts';

export const FIXTURE_PASSWORD = 'Reliability-2026';
/** The demo employer every fixture record belongs to. */
const EMPLOYER_ID = 'er_northwind';

export type FixtureUser = { id: string; email: string; password: string };
/** An employment record, and the identity check that links it (finalize's body). */
export type FixtureRecord = { id: string; contactEmail: string; niNumber: string; bankLast4: string; dobUs: string; userId: string | null };

/** Rows of one table in a single INSERT (both databases take `$n` placeholders here). */
async function insertRows(database: TestDatabase, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 100) {
    const chunk = rows.slice(start, start + 100);
    const columns = Object.keys(chunk[0]!);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => `(${columns.map((c) => (params.push(row[c]), `$${params.length}`)).join(', ')})`);
    await database.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
  }
}

const bool = (database: TestDatabase, value: boolean) => (database.kind === 'postgresql' ? value : value ? 1 : 0);

/** `count` users who can sign in with FIXTURE_PASSWORD; ids and e-mails start with `prefix`. */
export async function insertUsers(database: TestDatabase, prefix: string, count: number): Promise<FixtureUser[]> {
  // One hash for all (cheap cost: these are test accounts; every hash records its own cost).
  const passwordHash = await hashPassword(FIXTURE_PASSWORD, CHEAP_PASSWORD_COST);
  const now = new Date().toISOString();
  const users = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    email: `${prefix}-${i}@reliability.example.com`,
    password: FIXTURE_PASSWORD,
  }));
  await insertRows(
    database,
    'identity_users',
    users.map((u, i) => ({
      id: u.id,
      email: u.email,
      password_hash: passwordHash,
      first_name: 'Test',
      middle_name: null,
      last_name: `User-${i}`,
      mobile_phone: null,
      birth_date: null,
      ni_number: null,
      created_at: now,
      updated_at: now,
    })),
  );
  await insertRows(
    database,
    'users',
    users.map((u) => ({ id: u.id, email: u.email, privacy_policy_accepted: bool(database, true), privacy_policy_accepted_at: now, created_at: now })),
  );
  return users;
}

/**
 * One employment record per entry of `owners` (a user id: linked to them; null: waiting to be
 * linked, its code sent to its contact e-mail), each with `payslips` monthly payslips.
 */
export async function insertRecords(database: TestDatabase, prefix: string, owners: (string | null)[], payslips = 0): Promise<FixtureRecord[]> {
  const now = new Date().toISOString();
  const records: FixtureRecord[] = owners.map((userId, i) => ({
    id: `em_${prefix}_${i}`,
    contactEmail: `${prefix}-record-${i}@reliability.example.com`,
    niNumber: `AB${String(300000 + i).padStart(6, '0')}C`,
    bankLast4: '4321',
    dobUs: '05/14/1990',
    userId,
  }));
  await insertRows(
    database,
    'employments',
    records.map((r, i) => ({
      id: r.id,
      employer_id: EMPLOYER_ID,
      user_id: r.userId,
      employee_name: `Test User-${i}`,
      contact_email: r.contactEmail,
      mobile_phone: null,
      invitation_token_hash: null,
      ni_number: r.niNumber,
      bank_last4: r.bankLast4,
      birth_date: '1990-05-14',
      tax_code: '1257L',
      active: bool(database, true),
      start_date: '2025-04-01',
      end_date: null,
      failed_checks: 0,
      locked_at: null,
      linked_at: r.userId ? now : null,
    })),
  );
  const slips = records.flatMap((r) =>
    Array.from({ length: payslips }, (_, month) => {
      const payDate = new Date(Date.UTC(2026, 9 - month, 28)).toISOString().slice(0, 10);
      const tax = 41_000 + month;
      const ni = 15_000;
      return {
        id: `ps_${r.id.slice(3)}_${payDate.replace(/-/g, '')}`,
        employment_id: r.id,
        pay_date: payDate,
        gross_pence: 250_000,
        total_deductions_pence: tax + ni,
        net_pence: 250_000 - tax - ni,
        // Amounts in pence, as the seed stores them.
        deductions: JSON.stringify([
          { name: 'Income Tax', amount: tax },
          { name: 'National Insurance', amount: ni },
        ]),
        other: JSON.stringify([]),
      };
    }),
  );
  if (slips.length) await insertRows(database, 'payslips', slips);
  return records;
}
