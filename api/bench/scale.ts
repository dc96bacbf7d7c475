// `pnpm bench --only=scale`: how the cost of GET .../payslips grows, on PostgreSQL (a database of
// the bench's own, bench-db.ts; skipped without a server). First the demo user's employment with 12,
// 120 and 520 payslips; then, back at 12, with 10,000 and 200,000 users in the database, each
// generated with a sign-in identity, an employment and a year of payslips (copies of the demo rows,
// made inside PostgreSQL). autocannon's defaults (10 connections, 10 s) each time: the p99 should
// stay flat as users grow. Writes bench/results/api-scale.json.
//   BENCH_SCALE_USERS (default 10000,200000)  BENCH_SCALE_PAYSLIPS_PER_USER (default 12)
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { API_ROOT } from '../src/config';
import type { Db } from '../src/db/connect';
import { DEMO, DEMO_PASSWORD } from '../src/db/seed';
import { signIn, startBenchApi } from './bench-api';
import { postgresServerUrl, withBenchDatabase } from './bench-db';
import { load } from './routes';
import type { Load } from './side-by-side';

const PAYSLIP_COUNTS = [12, 120, 520];
const USER_COUNTS = (process.env.BENCH_SCALE_USERS ?? '10000,200000').split(',').map(Number);
const PAYSLIPS_PER_USER = Number(process.env.BENCH_SCALE_PAYSLIPS_PER_USER ?? 12);

/**
 * Copies of `table`'s rows matching `where`, one per copy number g in from..to, with `overrides`
 * (SQL over the row `t` and `g`), made inside PostgreSQL with the table's own column list.
 */
async function copyRows(database: Db, table: string, where: string, from: number, to: number, overrides: Record<string, string>) {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY ordinal_position`.execute(
    database.db,
  );
  const columns = rows.map((row) => row.column_name);
  const values = columns.map((column) => overrides[column] ?? `t.${column}`);
  await sql
    .raw(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${table} t, generate_series(${from}, ${to}) g WHERE ${where}`)
    .execute(database.db);
}

/** Alex's Northwind employment with exactly `count` payslips (the seeded ones plus weekly copies before them). */
async function setPayslips(database: Db, seeded: number, count: number) {
  await sql`DELETE FROM payslips WHERE id LIKE 'ps_scale_%'`.execute(database.db);
  if (count <= seeded) return;
  const template = `t.id = (SELECT id FROM payslips WHERE employment_id = '${DEMO.employments.alexNorthwind}' ORDER BY pay_date LIMIT 1)`;
  await copyRows(database, 'payslips', template, 1, count - seeded, {
    id: `'ps_scale_' || g`,
    external_id: `'ps_scale_' || g`, // the employer's own ids are unique per employer (migration 008)
    pay_date: 't.pay_date - g * 7', // date minus days: a week earlier each
  });
}

/** Users bench_<from>..bench_<to>: identity, app user, an employment at Northwind's employer and PAYSLIPS_PER_USER payslips. */
async function addUsers(database: Db, from: number, to: number) {
  const started = performance.now();
  await copyRows(database, 'identity_users', `t.id = '${DEMO.alex.id}'`, from, to, { id: `'bench_' || g`, email: `'bench.' || g || '@example.com'` });
  await copyRows(database, 'users', `t.id = '${DEMO.alex.id}'`, from, to, { id: `'bench_' || g`, email: `'bench.' || g || '@example.com'` });
  await copyRows(database, 'employments', `t.id = '${DEMO.employments.alexNorthwind}'`, from, to, {
    id: `'bench_emp_' || g`,
    external_id: `'bench_emp_' || g`,
    user_id: `'bench_' || g`,
    invitation_token_hash: 'NULL',
    contact_email: `'bench.' || g || '@example.com'`,
  });
  const slips = await sql<{
    id: string;
  }>`SELECT id FROM payslips WHERE employment_id = ${DEMO.employments.alexNorthwind} ORDER BY pay_date DESC LIMIT ${PAYSLIPS_PER_USER}`.execute(database.db);
  for (const [i, { id }] of slips.rows.entries()) {
    await copyRows(database, 'payslips', `t.id = '${id}'`, from, to, {
      id: `'bench_ps_' || g || '_${i}'`,
      external_id: `'bench_ps_' || g || '_${i}'`,
      employment_id: `'bench_emp_' || g`,
    });
  }
  await sql`ANALYZE`.execute(database.db);
  return Math.round((performance.now() - started) / 100) / 10;
}

type Step = { payslipsPerResponse: number; users: number; payslipRows: number } & Load;

async function measure(databaseUrl: string) {
  const api = await startBenchApi({ databaseUrl });
  const database = await api.open();
  try {
    const cookie = await signIn(api.base, DEMO.alex.email, DEMO_PASSWORD);
    const url = `${api.base}/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/payslips`;
    const count = async () => {
      const body = (await (await fetch(url, { headers: { cookie } })).json()) as { data: string };
      return (JSON.parse(body.data) as { data: unknown[] }).data.length;
    };
    const tableSizes = async () => {
      const { rows } = await sql<{
        users: string;
        payslips: string;
      }>`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM payslips) AS payslips`.execute(database.db);
      return { users: Number(rows[0]!.users), payslipRows: Number(rows[0]!.payslips) };
    };
    const step = async (label: string): Promise<Step> => {
      const figures = { payslipsPerResponse: await count(), ...(await tableSizes()), ...(await load(url, { cookie })) };
      console.log(
        `scale: ${label}: ${figures.payslipsPerResponse} payslips per answer, ${figures.users} users, ${figures.payslipRows} payslip rows: ${figures.requestsPerSecond} req/s, p99 ${figures.p99Ms} ms`,
      );
      return figures;
    };

    const seeded = await count();
    const byPayslips: Step[] = [];
    for (const n of PAYSLIP_COUNTS) {
      await setPayslips(database, seeded, n);
      byPayslips.push(await step(`${n} payslips`));
    }
    await setPayslips(database, seeded, PAYSLIP_COUNTS[0]!);
    const byUsers: (Step & { generatedInSeconds: number })[] = [];
    let made = 0;
    for (const n of USER_COUNTS) {
      const { users } = await tableSizes();
      const generatedInSeconds = await addUsers(database, made + 1, made + n - users);
      made += n - users;
      byUsers.push({ ...(await step(`${n} users`)), generatedInSeconds });
    }
    return { database: api.database, payslipsPerGeneratedUser: PAYSLIPS_PER_USER, byPayslips, byUsers };
  } finally {
    // autocannon stops at its deadline with requests still in flight: let them finish first.
    await delay(1000);
    await database.close();
    await api.stop();
  }
}

async function main(): Promise<void> {
  const postgresql = await withBenchDatabase(measure);
  if (!postgresql) console.log(`scale: no PostgreSQL at ${postgresServerUrl()}: nothing measured`);
  const out = path.resolve(API_ROOT, '..', 'bench', 'results', 'api-scale.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), route: 'GET /api/users/{userId}/employments/{employmentId}/payslips', postgresql }, null, 2)}\n`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
