// `pnpm --filter api bench`: requests per second and p99 latency of GET .../payslips for the demo
// user, signed in for real (sign-in page, callback, session cookie), with autocannon.
// Starts its own API process on a free port with a fresh SQLite file (or BENCH_DATABASE_URL for
// PostgreSQL), so it does not disturb a running portal. Figures go to stdout and bench/results/api-payslips.json
// (api-payslips-postgresql.json with BENCH_DATABASE_URL, which should name an empty database).
//   BENCH_DURATION (s, default 10)  BENCH_CONNECTIONS (default 10)  LOG_LEVEL (default warn)
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO, DEMO_PASSWORD } from '../src/db/seed';
import { signIn, startBenchApi, writeResults } from './bench-api';

async function main(): Promise<void> {
  const api = await startBenchApi();
  const { base, databaseUrl } = api;
  try {
    const cookie = await signIn(base, DEMO.alex.email, DEMO_PASSWORD);
    const url = `${base}/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/payslips`;
    const check = await fetch(url, { headers: { cookie } });
    const body = (await check.json()) as { data: string };
    const count = (JSON.parse(body.data) as { data: unknown[] }).data.length;
    if (check.status !== 200 || count === 0) throw new Error(`payslips answered ${check.status} with ${count} payslips`);

    const duration = Number(process.env.BENCH_DURATION ?? 10);
    const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
    await autocannon({ url, connections, duration: 2, headers: { cookie } }); // warm-up
    const loadBefore = os.loadavg()[0]!;
    const result = await autocannon({ url, connections, duration, headers: { cookie } });

    const figures = {
      measuredAt: new Date().toISOString(),
      route: 'GET /api/users/{userId}/employments/{employmentId}/payslips',
      payslipsPerResponse: count,
      database: api.database,
      node: process.version,
      cpus: os.cpus().length,
      // Other work on the machine skews the figures: the 1-minute load average before and after.
      loadAverage1m: { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0]!.toFixed(2)) },
      connections,
      durationSeconds: duration,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { average: result.latency.average, p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      totalRequests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
    };
    console.log(`api bench: GET .../payslips (${count} payslips, ${figures.database}, ${connections} connections, ${duration} s)`);
    console.log(
      `api bench: ${figures.requestsPerSecond} requests/s, p99 ${figures.latencyMs.p99} ms (avg ${figures.latencyMs.average} ms), non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
    const out = writeResults('api-payslips', databaseUrl, figures);
    console.log(`api bench: written to ${path.relative(process.cwd(), out)}`);
    if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
  } finally {
    await api.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
