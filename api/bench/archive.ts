// `pnpm --filter api bench:archive`: the peak memory of the API while it streams a tax year's ZIP —
// a year of 52 weekly payslips, and a year of 1,000 files — against its memory at rest. The archive is
// drawn and sent entry by entry, so the peak should not grow with the number of files. Own API
// process; its resident memory (VmRSS, PDF worker threads included) sampled every 5 ms from /proc.
// Figures go to stdout and bench/results/api-archive.json (api-archive-postgresql.json with BENCH_DATABASE_URL).
import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { DEMO, DEMO_PASSWORD } from '../src/db/seed';
import type { BenchApi } from './bench-api';
import { signIn, startBenchApi, writeResults } from './bench-api';

const MiB = 1024 * 1024;

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** `count` copies of one of Alex's payslips in the tax year starting `startYear`, `everyDays` apart. */
async function addYear(api: BenchApi, startYear: number, count: number, everyDays: number): Promise<void> {
  const database = await api.open();
  try {
    const slip = await database.db
      .selectFrom('payslips')
      .selectAll()
      .where('employment_id', '=', DEMO.employments.alexNorthwind)
      .limit(1)
      .executeTakeFirstOrThrow();
    const first = Date.UTC(startYear, 3, 7);
    const rows = Array.from({ length: count }, (_, i) => ({
      ...slip,
      id: `ps_archive_${startYear}_${i}`,
      pay_date: new Date(first + Math.floor((i * everyDays) % 360) * 86_400_000).toISOString().slice(0, 10),
      net_pence: slip.net_pence + i, // different content: nothing is drawn twice
    }));
    for (let i = 0; i < rows.length; i += 200)
      await database.db
        .insertInto('payslips')
        .values(rows.slice(i, i + 200))
        .execute();
  } finally {
    await database.close();
  }
}

type Figure = { files: number; archiveBytes: number; seconds: number; restingRssMiB: number; peakRssMiB: number; peakAboveRestMiB: number };

async function measure(api: BenchApi, cookie: string, taxYear: string, files: number): Promise<Figure> {
  if (global.gc) global.gc();
  await delay(500);
  const resting = rssBytes(api.pid);
  let peak = resting;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(api.pid));
  }, 5);
  const started = performance.now();
  const res = await fetch(`${api.base}/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/tax-years/${taxYear}/archive`, {
    headers: { cookie },
  });
  if (!res.ok || !res.body) throw new Error(`archive ${taxYear}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(api.pid));
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    files,
    archiveBytes: bytes,
    seconds: round(seconds),
    restingRssMiB: round(resting / MiB),
    peakRssMiB: round(peak / MiB),
    peakAboveRestMiB: round((peak - resting) / MiB),
  };
}

async function main(): Promise<void> {
  const api = await startBenchApi();
  try {
    await addYear(api, 2022, 52, 7);
    await addYear(api, 2021, 1000, 1);
    const cookie = await signIn(api.base, DEMO.alex.email, DEMO_PASSWORD);
    // One small archive first, so the PDF workers and caches are warm and 'at rest' means after them.
    await measure(api, cookie, '2025-26', 7);
    const weekly = await measure(api, cookie, '2022-23', 52);
    const thousand = await measure(api, cookie, '2021-22', 1000);
    // BENCH_ARCHIVE_BIG=1: a year of 4,000 files too, to see that the peak does not follow the count.
    const big = process.env.BENCH_ARCHIVE_BIG ? await addYear(api, 2020, 4000, 1).then(() => measure(api, cookie, '2020-21', 4000)) : null;
    const figures = { database: api.database, weekly52: weekly, files1000: thousand, ...(big ? { files4000: big } : {}), measuredAt: new Date().toISOString() };
    const out = writeResults('api-archive', api.databaseUrl, figures);
    const runs: [string, Figure][] = [['52 weekly payslips', weekly], ['1,000 files', thousand], ...(big ? [['4,000 files', big] as [string, Figure]] : [])];
    for (const [name, f] of runs) {
      console.log(
        `archive, ${name} (${api.database}): ${(f.archiveBytes / MiB).toFixed(1)} MiB ZIP in ${f.seconds} s; API memory ${f.restingRssMiB} MiB at rest, peak ${f.peakRssMiB} MiB (+${f.peakAboveRestMiB} MiB)`,
      );
    }
    console.log(`written to ${out}`);
  } finally {
    await api.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
