// `pnpm --filter api bench:pdf`: payslip PDF downloads under 200 connections for 10 s (autocannon),
// and at the same time a cheap route (GET .../document_types) asked by a few users, each every
// 100 ms, whose latency shows whether PDF drawing blocks the API's event loop (the cheap route is
// also measured alone first, as the baseline). Two runs: everyone downloading the same payslip, and
// every request a different payslip (5,000 added to Alex's employment), as on pay day, so nothing
// is drawn twice. Own API process on a free port, Alex signed in for real.
// Figures go to stdout and bench/results/api-pdf.json (api-pdf-postgresql.json with BENCH_DATABASE_URL).
//   BENCH_DURATION (s, default 10)  BENCH_CONNECTIONS (default 200)  BENCH_PROBE_USERS (default 5)
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { Options, Result } from 'autocannon';
import { DEMO, DEMO_PASSWORD } from '../src/db/seed';
import type { BenchApi } from './bench-api';
import { signIn, startBenchApi, writeResults } from './bench-api';

/** Seconds before a request counts as timed out. */
const TIMEOUT_SECONDS = 10;
/** Milliseconds between two requests of one probing user (sooner only if an answer took longer). */
const PROBE_EVERY_MS = 100;
/** Payslips added for the "all different" run: more than the run can download. */
const EXTRA_PAYSLIPS = 5000;

type Summary = {
  requestsPerSecond: number;
  latencyMs: { average: number; p50: number; p99: number; max: number };
  totalRequests: number;
  non2xx: number;
  timeouts: number;
  errors: number;
};

function summary(result: Result): Summary {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { average: result.latency.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    errors: result.errors,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `users` loops, each asking `url` every PROBE_EVERY_MS (or as soon as it has its answer), for `seconds`. */
async function probe(url: string, headers: Record<string, string>, users: number, seconds: number): Promise<Summary> {
  const latencies: number[] = [];
  let non2xx = 0;
  let timeouts = 0;
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const user = async () => {
    while (Date.now() < end) {
      const started = performance.now();
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000) });
        await res.arrayBuffer();
        if (res.status < 200 || res.status > 299) non2xx++;
        latencies.push(Math.round(performance.now() - started));
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') timeouts++;
        else errors++;
      }
      await delay(Math.max(0, PROBE_EVERY_MS - (performance.now() - started)));
    }
  };
  await Promise.all(Array.from({ length: users }, user));
  const sorted = latencies.sort((a, b) => a - b);
  const average = sorted.length ? Math.round(sorted.reduce((a, b) => a + b, 0) / sorted.length) : 0;
  return {
    requestsPerSecond: Math.round(sorted.length / seconds),
    latencyMs: { average, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 },
    totalRequests: sorted.length + timeouts + errors,
    non2xx,
    timeouts,
    errors,
  };
}

/** Copies of one of Alex's payslips under new ids; answers their ids. */
async function addPayslips(api: BenchApi, fromId: string): Promise<string[]> {
  const database = await api.open();
  try {
    const slip = await database.db.selectFrom('payslips').selectAll().where('id', '=', fromId).executeTakeFirstOrThrow();
    const ids = Array.from({ length: EXTRA_PAYSLIPS }, (_, i) => `ps_bench_${i}`);
    for (let i = 0; i < ids.length; i += 500) {
      // A different net pay each, so every PDF has different content.
      await database.db
        .insertInto('payslips')
        .values(ids.slice(i, i + 500).map((id, j) => ({ ...slip, id, external_id: id, net_pence: slip.net_pence + i + j })))
        .execute();
    }
    return ids;
  } finally {
    await database.close();
  }
}

type Run = { pdf: Summary; probeUnderLoad: Summary };

async function main(): Promise<void> {
  const api = await startBenchApi();
  const { base, databaseUrl } = api;
  try {
    const cookie = await signIn(base, DEMO.alex.email, DEMO_PASSWORD);
    const headers = { cookie };
    const employmentId = DEMO.employments.alexNorthwind;
    const employment = `${base}/api/users/${DEMO.alex.id}/employments/${employmentId}`;
    const list = (await (await fetch(`${employment}/payslips`, { headers })).json()) as { data: string };
    const payslipId = (JSON.parse(list.data) as { data: { ID: string }[] }).data[0]!.ID;
    const pdfPath = (fileId: string) => `/api/users/${DEMO.alex.id}/file/${fileId}/employment/${employmentId}`;
    const probeUrl = `${employment}/document_types`;
    const check = await fetch(`${base}${pdfPath(payslipId)}`, { headers });
    const pdf = Buffer.from(await check.arrayBuffer());
    if (check.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error(`the payslip PDF answered ${check.status}`);
    const extraIds = await addPayslips(api, payslipId);

    const duration = Number(process.env.BENCH_DURATION ?? 10);
    const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
    const probeUsers = Number(process.env.BENCH_PROBE_USERS ?? 5);
    await autocannon({ url: `${base}${pdfPath(payslipId)}`, connections: 10, duration: 2, headers }); // warm-up
    const probeAlone = await probe(probeUrl, headers, probeUsers, 3);
    const loadBefore = os.loadavg()[0]!;

    const run = async (options: Omit<Options, 'connections' | 'duration' | 'headers' | 'timeout'>): Promise<Run> => {
      const [pdfs, probeUnderLoad] = await Promise.all([
        autocannon({ ...options, connections, duration, headers, timeout: TIMEOUT_SECONDS }),
        probe(probeUrl, headers, probeUsers, duration),
      ]);
      return { pdf: summary(pdfs), probeUnderLoad };
    };
    const samePayslip = await run({ url: `${base}${pdfPath(payslipId)}` });
    let next = 0;
    const differentPayslips = await run({
      url: base,
      requests: [{ setupRequest: (request) => ({ ...request, path: pdfPath(extraIds[next++ % extraIds.length]!) }) }],
    });

    const figures = {
      measuredAt: new Date().toISOString(),
      route: 'GET /api/users/{userId}/file/{fileId}/employment/{employmentId} (payslips)',
      probeRoute: 'GET /api/users/{userId}/employments/{employmentId}/document_types',
      pdfBytes: pdf.length,
      database: api.database,
      node: process.version,
      cpus: os.cpus().length,
      loadAverage1m: { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0]!.toFixed(2)) },
      connections,
      probeUsers,
      probeEveryMs: PROBE_EVERY_MS,
      durationSeconds: duration,
      timeoutSeconds: TIMEOUT_SECONDS,
      probeAlone,
      samePayslip,
      differentPayslips: { ...differentPayslips, distinctPayslipsAsked: Math.min(next, extraIds.length) },
    };
    const line = (name: string, s: Summary) =>
      `api bench:   ${name}: ${s.requestsPerSecond} requests/s, p50 ${s.latencyMs.p50} ms, p99 ${s.latencyMs.p99} ms, max ${s.latencyMs.max} ms, time-outs ${s.timeouts}, errors ${s.errors}, non-2xx ${s.non2xx}`;
    console.log(
      `api bench: payslip PDFs (${pdf.length} bytes, ${figures.database}, ${connections} connections, ${duration} s; load ${figures.loadAverage1m.before} on ${figures.cpus} cores)`,
    );
    console.log(line('document_types alone', probeAlone));
    for (const [name, r] of [
      ['the same payslip', samePayslip],
      ['a different payslip each time', differentPayslips],
    ] as const) {
      console.log(`api bench: ${name}:`);
      console.log(line('PDF', r.pdf));
      console.log(line('document_types meanwhile', r.probeUnderLoad));
    }
    const out = writeResults('api-pdf', databaseUrl, figures);
    console.log(`api bench: written to ${path.relative(process.cwd(), out)}`);
    const failed = [samePayslip, differentPayslips].some((r) => r.pdf.non2xx > 0 || r.probeUnderLoad.non2xx > 0);
    if (failed) process.exitCode = 1;
  } finally {
    await api.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
