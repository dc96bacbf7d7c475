// CPU time per request of the hot routes (not part of `pnpm bench`): with other work on the machine,
// requests per second move with what else runs, while the CPU each request costs stays put. Reads
// utime+stime (/proc/PID/stat) of the API process and, on PostgreSQL, of the backends of its
// database, around one autocannon run per route, and divides by the requests answered.
// BENCH_ROUTES=payslips,authorised,pdf  BENCH_DATABASES=sqlite,postgresql  BENCH_DURATION (s, default 6)
// BENCH_PG_DATABASE_URL: an existing PostgreSQL database to measure on (seeded with the demo data,
// e.g. grown with scale.ts's users) instead of a new empty one.
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO, DEMO_PASSWORD } from '../src/db/seed';
import { startBareServer } from './bare-server';
import { hotRoutePaths, signIn, startBenchApi, type HotRoute } from './bench-api';
import { withBenchDatabase } from './bench-db';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const ROUTES = (process.env.BENCH_ROUTES ?? 'payslips,authorised,pdf').split(',') as HotRoute[];
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').split(',');
const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux

/** utime + stime of a process in µs (0 once it has gone). */
function cpuMicros(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

async function backendPids(databaseUrl: string | null): Promise<number[]> {
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

async function measure(databaseUrl: string | null): Promise<void> {
  const api = await startBenchApi({ databaseUrl });
  try {
    const cookie = await signIn(api.base, DEMO.alex.email, DEMO_PASSWORD);
    const headers = { cookie };
    const paths = await hotRoutePaths(api.base, cookie);
    const answers = await Promise.all(
      ROUTES.map(async (route) => {
        const res = await fetch(`${api.base}${paths[route]}`, { headers });
        return { path: paths[route]!, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
      }),
    );
    const bare = await startBareServer(answers);
    for (const route of ROUTES) {
      const bareUrl = `${bare.base}${paths[route]}`;
      await autocannon({ url: bareUrl, connections: 10, duration: 2, headers });
      const bareBefore = cpuMicros(bare.pid);
      const bareRun = await autocannon({ url: bareUrl, connections: 10, duration: DURATION, headers });
      const bareUs = (cpuMicros(bare.pid) - bareBefore) / bareRun.requests.total;
      const url = `${api.base}${paths[route]}`;
      await autocannon({ url, connections: 10, duration: 2, headers });
      const backends = await backendPids(databaseUrl);
      const apiBefore = cpuMicros(api.pid);
      const dbBefore = backends.reduce((sum, pid) => sum + cpuMicros(pid), 0);
      const result = await autocannon({ url, connections: 10, duration: DURATION, headers });
      const apiUs = (cpuMicros(api.pid) - apiBefore) / result.requests.total;
      const dbUs = (backends.reduce((sum, pid) => sum + cpuMicros(pid), 0) - dbBefore) / result.requests.total;
      console.log(
        `${databaseUrl ? 'postgresql' : 'sqlite'} ${route}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
          `API ${apiUs.toFixed(0)} µs/request (bare ${bareUs.toFixed(0)}, ${Math.round(bareRun.requests.average)} req/s)${databaseUrl ? `, backends ${dbUs.toFixed(0)} µs/request (${backends.length})` : ''}` +
          `${result.non2xx + result.errors > 0 ? `, non-2xx ${result.non2xx}, errors ${result.errors}` : ''}; load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
      );
    }
    await bare.stop();
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  if (DATABASES.includes('sqlite')) await measure(null);
  if (!DATABASES.includes('postgresql')) return;
  if (process.env.BENCH_PG_DATABASE_URL) await measure(process.env.BENCH_PG_DATABASE_URL);
  else await withBenchDatabase((url) => measure(url));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
