// `pnpm --filter api bench:import`: the import command (`pnpm --filter api run import`) on a pay
// run of 10,000 employees (bench/pay-run-generator.ts: 10,000 employment records and 10,000 payslips),
// into a fresh SQLite file and into a PostgreSQL database of the bench's own (bench-db.ts), each
// twice: first everything is created, then the same file again changes nothing. The command runs in a
// process of its own, as a user would run it; its time is the one it prints (the import itself, not
// Node's start), its peak memory the process's high-water mark (VmHWM) read from /proc.
// Figures go to stdout, bench/results/api-import.json and the table in docs/performance.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_ROOT, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { DEMO, seedDemoData } from '../src/db/seed';
import { withBenchDatabase } from './bench-db';
import { generatePayRun } from './pay-run-generator';

const EMPLOYEES = Number(process.env.BENCH_IMPORT_EMPLOYEES ?? 10_000);
const MiB = 1024 * 1024;

type Run = { outcome: string; rows: number; seconds: number; rowsPerSecond: number; commandSeconds: number; peakRssMiB: number };
type DatabaseFigures = { first: Run; again: Run };

/** The high-water mark of the process's resident memory, in bytes (0 once it has gone). */
function peakRss(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  } catch {
    return 0;
  }
}

/** One run of the real command; throws unless it stored (or found) everything. */
function runImport(file: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/employer-api/import-cli.ts', file, '--employer', DEMO.employers.northwind], {
      cwd: API_ROOT,
      env: { ...process.env, ...env, SEED_DEMO_DATA: 'off', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, peakRss(child.pid!))), 5);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      peak = Math.max(peak, peakRss(child.pid!));
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => {
      clearInterval(sampler);
      const commandSeconds = (performance.now() - started) / 1000;
      const took = /^Took ([\d.]+) s \((\d+) rows/m.exec(out);
      if (code !== 0 || !took) return reject(new Error(`import failed (exit ${code}):\n${out}\n${err.slice(-2000)}`));
      const seconds = Number(took[1]);
      const rows = Number(took[2]);
      resolve({
        outcome: out.split('\n').slice(0, 2).join('; '),
        rows,
        seconds,
        rowsPerSecond: Math.round(rows / seconds),
        commandSeconds: Number(commandSeconds.toFixed(2)),
        peakRssMiB: Number((peak / MiB).toFixed(1)),
      });
    });
  });
}

/** The demo employers (and people) in a new database, as the API's first start would leave it. */
async function prepare(databaseUrl: string | null, sqlitePath: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, sqlitePath });
  try {
    await migrateToLatest(database);
    await seedDemoData(database.db, loadConfig().passwordCost);
  } finally {
    await database.close();
  }
}

async function measure(label: string, file: string, databaseUrl: string | null, sqlitePath: string): Promise<DatabaseFigures> {
  await prepare(databaseUrl, sqlitePath);
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '', SQLITE_PATH: sqlitePath };
  const first = await runImport(file, env);
  console.log(`${label}: ${first.rows} rows in ${first.seconds} s (${first.rowsPerSecond} rows/s), peak ${first.peakRssMiB} MiB — ${first.outcome}`);
  const again = await runImport(file, env);
  console.log(
    `${label}, same file again: ${again.rows} rows in ${again.seconds} s (${again.rowsPerSecond} rows/s), peak ${again.peakRssMiB} MiB — ${again.outcome}`,
  );
  return { first, again };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  // The token secret a fresh configuration makes is kept there too, not in api/data.
  process.env.DATA_DIR = dir;
  try {
    const file = path.join(dir, `pay-run-${EMPLOYEES}.json`);
    fs.writeFileSync(file, JSON.stringify(generatePayRun(EMPLOYEES)));
    const fileBytes = fs.statSync(file).size;
    console.log(`bench:import: ${EMPLOYEES} employees, ${(fileBytes / MiB).toFixed(1)} MB file`);
    const sqlite = await measure('SQLite', file, null, path.join(dir, 'portal.sqlite'));
    const postgresql = await withBenchDatabase((url) => measure('PostgreSQL', file, url, ''));
    if (!postgresql) console.log('PostgreSQL: no server, not measured');
    const results = {
      measuredAt: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      employees: EMPLOYEES,
      fileBytes,
      databases: { sqlite, postgresql },
    };
    const out = path.resolve(API_ROOT, '..', 'bench', 'results', 'api-import.json');
    fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    // The table reads every section's last results, so the others keep their figures.
    const table = pathToFileURL(path.resolve(API_ROOT, '..', 'tools', 'bench', 'table.mjs')).href;
    const { writeTable } = (await import(table)) as { writeTable(): string };
    writeTable();
    console.log(`bench:import: written to ${path.relative(process.cwd(), out)} and docs/performance.md`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
