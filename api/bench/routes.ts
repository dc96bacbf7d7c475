// `pnpm bench --only=api`: three hot routes of the API under autocannon's defaults (10 connections,
// 10 s), each beside a bare Fastify route answering the same bytes from memory (bare-server.ts) in
// the same run: GET .../payslips (the demo user's year), GET /api/users/authorised and a payslip
// PDF. Requests per second, p99, and the API's throughput as a share of the bare route's. On SQLite,
// then on PostgreSQL (a database of its own, bench-db.ts; skipped without a server).
// The API and the bare route take turns (BENCH_ROUNDS windows each, the order alternating), so a
// burst of the machine's other load falls on both rather than on whichever ran in that window:
// on this 2-core machine one 10 s run after another put the same tree at 47% and 32% of bare.
// Writes bench/results/api-routes.json.   BENCH_DURATION (s per side, default 10)  BENCH_ROUNDS (default 4)
// BENCH_CONNECTIONS (default 10)
// For a quick look at one lever: BENCH_ROUTES=payslips,authorised,pdf and BENCH_DATABASES=sqlite,postgresql
// pick some of them; such a partial run prints its figures and writes no file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_ROOT } from '../src/config';
import { DEMO, DEMO_PASSWORD } from '../src/db/seed';
import { startBareServer, type BareRoute } from './bare-server';
import { sideBySide, type Load, type Window } from './side-by-side';
import { hotRoutePaths, signIn, startBenchApi } from './bench-api';
import { postgresServerUrl, withBenchDatabase } from './bench-db';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY_ROUTES = process.env.BENCH_ROUTES?.split(',');
const ONLY_DATABASES = process.env.BENCH_DATABASES?.split(',');
const picked = (list: string[] | undefined, name: string) => !list || list.includes(name);

/** autocannon on one URL: a 2 s warm-up, then the measured run. */
export async function load(url: string, headers: Record<string, string>, connections = CONNECTIONS, duration = DURATION): Promise<Load> {
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** One autocannon window on `url`. */
async function autocannonWindow(url: string, headers: Record<string, string>, seconds: number): Promise<Window> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

type RouteFigures = { name: string; path: string; bytes: number; api: Load; bare: Load; shareOfBare: number; shareByRound: number[] };

async function measureDatabase(databaseUrl: string | null) {
  const api = await startBenchApi({ databaseUrl });
  try {
    const cookie = await signIn(api.base, DEMO.alex.email, DEMO_PASSWORD);
    const headers = { cookie };
    const paths = await hotRoutePaths(api.base, cookie);
    const routes = [
      { key: 'payslips', name: 'GET .../payslips', path: paths.payslips },
      { key: 'authorised', name: 'GET /api/users/authorised', path: paths.authorised },
      { key: 'pdf', name: 'GET payslip PDF', path: paths.pdf },
    ]
      .filter((route) => picked(ONLY_ROUTES, route.key))
      .map(({ name, path }) => ({ name, path }));
    // The bare routes answer exactly what the API answered.
    const answers: BareRoute[] = [];
    for (const route of routes) {
      const res = await fetch(`${api.base}${route.path}`, { headers });
      if (res.status !== 200) throw new Error(`${route.name} answered ${res.status}`);
      answers.push({
        path: route.path,
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await res.arrayBuffer()),
      });
    }
    const bare = await startBareServer(answers);
    try {
      const figures: RouteFigures[] = [];
      for (const [i, route] of routes.entries()) {
        const {
          ours,
          bare: theirs,
          shareByRound,
        } = await sideBySide((url, seconds) => autocannonWindow(url, headers, seconds), `${api.base}${route.path}`, `${bare.base}${route.path}`, {
          seconds: DURATION,
          rounds: ROUNDS,
        });
        figures.push({
          ...route,
          bytes: answers[i]!.body.length,
          api: ours,
          bare: theirs,
          shareOfBare: Number((ours.requestsPerSecond / theirs.requestsPerSecond).toFixed(3)),
          shareByRound,
        });
        console.log(
          `api (${api.database}): ${route.name}: ${ours.requestsPerSecond} req/s, p99 ${ours.p99Ms} ms; bare ${theirs.requestsPerSecond} req/s, p99 ${theirs.p99Ms} ms; ` +
            `${Math.round((ours.requestsPerSecond / theirs.requestsPerSecond) * 100)}% of bare (by round: ${shareByRound.map((share) => `${Math.round(share * 100)}%`).join(', ')})` +
            `${ours.non2xx + ours.errors > 0 ? `; non-2xx ${ours.non2xx}, errors ${ours.errors}` : ''}`,
        );
      }
      return { database: api.database, routes: figures };
    } finally {
      await bare.stop();
    }
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const sqlite = picked(ONLY_DATABASES, 'sqlite') ? await measureDatabase(null) : null;
  const postgresql = picked(ONLY_DATABASES, 'postgresql') ? await withBenchDatabase((databaseUrl) => measureDatabase(databaseUrl)) : null;
  const failed = [sqlite, postgresql].flatMap((db) => db?.routes ?? []).some((route) => route.api.non2xx > 0 || route.api.errors > 0);
  if (failed) process.exitCode = 1;
  if (ONLY_ROUTES || ONLY_DATABASES) return;
  if (!postgresql) console.log(`api: no PostgreSQL at ${postgresServerUrl()}: SQLite only`);
  const figures = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage1m: { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0]!.toFixed(2)) },
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rounds: ROUNDS,
    databases: { sqlite, postgresql },
  };
  const out = path.resolve(API_ROOT, '..', 'bench', 'results', 'api-routes.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
}

if (process.argv[1]?.endsWith('routes.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
