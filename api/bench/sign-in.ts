// `pnpm --filter api bench:sign-in`: how long a sign-in takes, from the password form's POST to its
// redirect, against the API in its own process (production mode, so the production cost of the
// password hash) on a fresh SQLite file, or PostgreSQL with BENCH_DATABASE_URL. Signs in as Alex
// BENCH_ROUNDS times (default 50), one after another, after 5 not counted; the sign-in page is
// fetched before each POST and not timed. Prints the median and the spread, and records them in
// bench/results/api-sign-in.json under the stored hash's scheme and parameters, beside what other
// schemes measured. On Argon2id it then times BENCH_UPGRADE_ROUNDS (default 20) sign-ins of an account
// whose row holds a scrypt hash of before (N 2^15, put back before each), which the sign-in replaces.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_ROOT } from '../src/config';
import { DEMO, DEMO_PASSWORD } from '../src/db/seed';
import type { BenchApi } from './bench-api';
import { hiddenFields, startBenchApi } from './bench-api';
import { scryptHash } from '../src/test/scrypt-hash';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const UPGRADE_ROUNDS = Number(process.env.BENCH_UPGRADE_ROUNDS ?? 20);
const WARM_UP = 5;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (sorted: number[]) => {
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** One sign-in: the page (not timed), then the form's POST timed until its redirect has arrived. */
async function timedSignIn(base: string, email: string, password: string): Promise<number> {
  const page = await fetch(`${base}/account/sign-in?client_id=portal-web&redirect_uri=%2F`);
  const form = new URLSearchParams({ client_id: 'portal-web', redirect_uri: '/', ...hiddenFields(await page.text()), email, password });
  const started = performance.now();
  const posted = await fetch(`${base}/account/sign-in`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { cookie: cookiesOf(page), origin: base },
  });
  await posted.arrayBuffer();
  const ms = performance.now() - started;
  if (posted.status !== 302) throw new Error(`sign-in: ${posted.status}`);
  return ms;
}

/** The scheme and parameters of Alex's stored hash, e.g. `argon2id m=19456,t=2,p=1` or `scrypt N=32768,r=8,p=1`. */
async function storedScheme(api: BenchApi): Promise<string> {
  const database = await api.open();
  try {
    const { password_hash: hash } = await database.db
      .selectFrom('identity_users')
      .select('password_hash')
      .where('id', '=', DEMO.alex.id)
      .executeTakeFirstOrThrow();
    const parts = hash.split('$');
    if (parts[0] === 'scrypt') return `scrypt N=${parts[1]},r=${parts[2]},p=${parts[3]}`;
    return `${parts[1]} ${parts[3]}`;
  } finally {
    await database.close();
  }
}

/** Sign-ins of Alex with a scrypt hash of before (N 2^15) in his row, put back before each: the sign-in replaces it. */
async function upgradeSignIns(api: BenchApi): Promise<number[]> {
  const database = await api.open();
  try {
    const times: number[] = [];
    for (let i = 0; i < UPGRADE_ROUNDS; i++) {
      const hash = await scryptHash(DEMO_PASSWORD, 2 ** 15);
      await database.db.updateTable('identity_users').set({ password_hash: hash }).where('id', '=', DEMO.alex.id).execute();
      times.push(await timedSignIn(api.base, DEMO.alex.email, DEMO_PASSWORD));
    }
    return times.sort((a, b) => a - b);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const api = await startBenchApi();
  try {
    for (let i = 0; i < WARM_UP; i++) await timedSignIn(api.base, DEMO.alex.email, DEMO_PASSWORD);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) times.push(await timedSignIn(api.base, DEMO.alex.email, DEMO_PASSWORD));
    const sorted = [...times].sort((a, b) => a - b);
    const scheme = await storedScheme(api);
    const upgrades = scheme.startsWith('argon2id') && UPGRADE_ROUNDS > 0 ? await upgradeSignIns(api) : null;
    const figures = {
      database: api.database,
      rounds: ROUNDS,
      medianMs: round(median(sorted)),
      p10Ms: round(percentile(sorted, 10)),
      p90Ms: round(percentile(sorted, 90)),
      minMs: round(sorted[0]!),
      maxMs: round(sorted.at(-1)!),
      ...(upgrades ? { upgradeFromScrypt: { rounds: UPGRADE_ROUNDS, medianMs: round(median(upgrades)), p90Ms: round(percentile(upgrades, 90)) } } : {}),
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      measuredAt: new Date().toISOString(),
    };
    console.log(`sign-in (${scheme}, ${api.database}): median ${figures.medianMs} ms of ${ROUNDS}, p10 ${figures.p10Ms} ms, p90 ${figures.p90Ms} ms`);
    if (upgrades) console.log(`a sign-in that replaces a scrypt hash (N 2^15): median ${round(median(upgrades))} ms of ${UPGRADE_ROUNDS}`);
    const out = path.resolve(API_ROOT, '..', 'bench', 'results', api.databaseUrl ? 'api-sign-in-postgresql.json' : 'api-sign-in.json');
    const earlier = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
    fs.writeFileSync(out, `${JSON.stringify({ ...earlier, [scheme]: figures }, null, 2)}\n`);
    console.log(`written to ${out}`);
  } finally {
    await api.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
