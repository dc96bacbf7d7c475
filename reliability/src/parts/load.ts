// Load: 200 signed-in users on the pay-day path (authorised user, document types, payslips, one
// payslip PDF) in a loop, through the host's proxy: one API on SQLite, two API instances on
// PostgreSQL (round-robin), where sessions, limits and sign-out must hold across the instances.
// The generator shares the machine with the system, so it is kept cheap: node:http with one
// keep-alive agent, no parsing of what it reads.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { Part } from '../part.ts';
import { FIXTURE_PASSWORD, insertRecords, insertUsers } from '../fixtures.ts';
import { send, signIn } from '../http-client.ts';
import type { Session } from '../http-client.ts';
import { startSystem } from '../system.ts';
import type { DatabaseKind, System } from '../system.ts';

const USERS = 200;
const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);
const REQUEST_TIMEOUT_MS = 10_000;
/** Payslips per user; the newest is the one downloaded. */
const PAYSLIPS = 6;
const NEWEST_PAY_DATE = '20261028';
/** Users arrive spread over this many seconds (then all walk at once until the end). */
const RAMP_UP_SECONDS = 5;
/** Sign-ins at once while preparing (each takes a sign-in throttle slot until it succeeds). */
const SIGN_IN_PARALLEL = 20;

const ROUTES = ['authorised', 'document_types', 'payslips', 'pdf'] as const;
type RouteName = (typeof ROUTES)[number];

type Outcome = { status: number } | { failure: 'error' | 'timeout'; message: string };

/** One GET over the shared keep-alive agent; the body is read and dropped. */
function get(agent: http.Agent, base: URL, path: string, cookie: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get({ agent, host: base.hostname, port: base.port, path, headers: { cookie } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0 });
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        resolve({ failure: 'error', message: error.message });
      });
    });
    const timer = setTimeout(() => request.destroy(new Error('timeout')), REQUEST_TIMEOUT_MS);
    request.on('error', (error) => {
      clearTimeout(timer);
      resolve({ failure: error.message === 'timeout' ? 'timeout' : 'error', message: error.message });
    });
  });
}

class RouteStats {
  readonly latencies: number[] = [];
  non2xx = 0;
  errors = 0;
  timeouts = 0;
  readonly statuses: Record<string, number> = {};
  readonly samples: string[] = [];

  record(outcome: Outcome, ms: number): void {
    if ('failure' in outcome) {
      if (outcome.failure === 'timeout') this.timeouts++;
      else this.errors++;
      if (this.samples.length < 3) this.samples.push(outcome.message);
      return;
    }
    this.latencies.push(ms);
    if (outcome.status < 200 || outcome.status > 299) {
      this.non2xx++;
      this.statuses[outcome.status] = (this.statuses[outcome.status] ?? 0) + 1;
    }
  }
}

const percentile = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

function summarise(latencies: number[], stats: { non2xx: number; errors: number; timeouts: number }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length + stats.errors + stats.timeouts,
    non2xx: stats.non2xx,
    errors: stats.errors,
    timeouts: stats.timeouts,
    latencyMs: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: Math.round(sorted.at(-1) ?? 0) },
  };
}

type LoadUser = { cookie: string; paths: Record<RouteName, string> };

async function prepareUsers(system: System): Promise<LoadUser[]> {
  const users = await insertUsers(system.database, 'load', USERS);
  const records = await insertRecords(
    system.database,
    'load',
    users.map((u) => u.id),
    PAYSLIPS,
  );
  const sessions: Session[] = [];
  for (let i = 0; i < users.length; i += SIGN_IN_PARALLEL) {
    sessions.push(...(await Promise.all(users.slice(i, i + SIGN_IN_PARALLEL).map((u) => signIn(system.proxy.url, u.email, FIXTURE_PASSWORD)))));
  }
  return sessions.map((session, i) => {
    const employment = records[i]!.id;
    const payslip = `ps_${employment.slice(3)}_${NEWEST_PAY_DATE}`;
    return {
      cookie: session.cookie(),
      paths: {
        authorised: '/api/users/authorised',
        document_types: `/api/users/${session.sub}/employments/${employment}/document_types`,
        payslips: `/api/users/${session.sub}/employments/${employment}/payslips`,
        pdf: `/api/users/${session.sub}/file/${payslip}/employment/${employment}`,
      },
    };
  });
}

/** Every user walks the pay-day path again and again until the time is up. */
async function generateLoad(system: System, users: LoadUser[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
  const base = new URL(system.proxy.url);
  const stats = Object.fromEntries(ROUTES.map((r) => [r, new RouteStats()])) as Record<RouteName, RouteStats>;
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  const walk = async (user: LoadUser, i: number) => {
    await delay((i / users.length) * RAMP_UP_SECONDS * 1000);
    while (Date.now() < end) {
      for (const route of ROUTES) {
        const t0 = performance.now();
        const outcome = await get(agent, base, user.paths[route], user.cookie);
        stats[route].record(outcome, performance.now() - t0);
      }
    }
  };
  const cpuBefore = process.cpuUsage();
  await Promise.all(users.map(walk));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  // The generator's own share of the machine: CPU seconds per second of load.
  return { stats, elapsed, generatorCpu: Number(((cpu.user + cpu.system) / 1e6 / elapsed).toFixed(2)) };
}

/** Requests under /api each API instance logged as received since `from` (byte offsets of their logs). */
function servedBy(system: System, from: number[]): number[] {
  return system.apis.map((api, i) => {
    const text = fs.readFileSync(api.logFile!, 'utf8').slice(from[i]);
    let count = 0;
    for (const line of text.split('\n')) if (line.includes('"msg":"incoming request"') && line.includes('"url":"/api/')) count++;
    return count;
  });
}

const logSizes = (system: System) => system.apis.map((api) => fs.statSync(api.logFile!).size);

type CrossInstance = { sessionFromFirstServedBySecond: number; linkingCodeAgainOnSecond: number; signedOutOnFirstThenSecond: number };

/**
 * Sessions, limits and sign-out are shared through the database: signed in on the first instance,
 * served by the second; a linking code asked on the first and at once again on the second is
 * refused (30 s between requests); signed out on the first, refused by the second.
 */
async function checkAcrossInstances(system: System): Promise<CrossInstance> {
  const [first, second] = system.apis as [System['apis'][0], System['apis'][0]];
  const session = await signIn(first.url, 'sam.patel@example.com', 'Payslips-2026');
  const cookie = session.cookie();
  const onSecond = (path: string) => fetch(`${second.url}${path}`, { headers: { cookie } });
  const served = (await onSecond('/api/users/authorised')).status;
  if (served !== 200) throw new Error(`a session made on instance 1 answered ${served} on instance 2`);
  const ask = `/api/users/${session.sub}/linking_code_email/${encodeURIComponent('starter3@example.com')}`;
  const askedFirst = await send(first.url, session.jar, ask);
  if (askedFirst.status !== 200) throw new Error(`a linking code on instance 1 answered ${askedFirst.status}`);
  const askedAgain = (await onSecond(ask)).status;
  if (askedAgain !== 429) throw new Error(`a second linking code at once on instance 2 answered ${askedAgain}, not 429: the limit is not shared`);
  const out = await send(first.url, session.jar, '/app/logout/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'portal-web' }),
  });
  if (out.status !== 204) throw new Error(`sign-out on instance 1 answered ${out.status}`);
  const afterSignOut = (await onSecond('/api/users/authorised')).status;
  if (afterSignOut !== 401) throw new Error(`a session ended on instance 1 answered ${afterSignOut} on instance 2, not 401`);
  return { sessionFromFirstServedBySecond: served, linkingCodeAgainOnSecond: askedAgain, signedOutOnFirstThenSecond: afterSignOut };
}

async function run(database: DatabaseKind) {
  const instances = database === 'postgresql' ? 2 : 1;
  // Request lines are logged (info, as in production) to files: they tell which instance served what.
  // The proxy in its own process, as in production: the generator must not share its event loop.
  const system = await startSystem(database, { instances, env: { LOG_LEVEL: 'info' }, logToFiles: true, proxyProcess: true });
  try {
    const preparing = Date.now();
    const users = await prepareUsers(system);
    const signInSeconds = Math.round((Date.now() - preparing) / 100) / 10;
    const crossInstance = instances > 1 ? await checkAcrossInstances(system) : null;
    await delay(500);

    const fromLog = logSizes(system);
    const loadBefore = os.loadavg();
    const { stats, elapsed, generatorCpu } = await generateLoad(system, users);
    const loadAfter = os.loadavg();
    const served = servedBy(system, fromLog);

    const routes = Object.fromEntries(
      ROUTES.map((r) => [r, { ...summarise(stats[r].latencies, stats[r]), statuses: stats[r].statuses, samples: stats[r].samples }]),
    );
    const all = summarise(
      ROUTES.flatMap((r) => stats[r].latencies),
      ROUTES.reduce((sum, r) => ({ non2xx: sum.non2xx + stats[r].non2xx, errors: sum.errors + stats[r].errors, timeouts: sum.timeouts + stats[r].timeouts }), {
        non2xx: 0,
        errors: 0,
        timeouts: 0,
      }),
    );
    const figures = {
      instances,
      users: USERS,
      seconds: Math.round(elapsed),
      ...all,
      requestsPerSecond: Math.round(all.requests / elapsed),
      routes,
      servedByInstance: served,
      crossInstance,
      signInSeconds,
      cpus: os.cpus().length,
      generatorCpu,
      loadAverage1m: { before: Number(loadBefore[0]!.toFixed(2)), after: Number(loadAfter[0]!.toFixed(2)) },
    };
    console.log(
      `reliability: load on ${database}: ${figures.requests} requests in ${figures.seconds} s (${figures.requestsPerSecond}/s), p99 ${all.latencyMs.p99} ms, non-2xx ${all.non2xx}, errors ${all.errors}, time-outs ${all.timeouts}; served by instance ${served.join(' / ')}; load ${figures.loadAverage1m.after}`,
    );
    if (all.non2xx || all.errors || all.timeouts) throw new Error(`under load: ${JSON.stringify(figures)}`);
    if (instances > 1 && served.some((n) => n === 0)) throw new Error(`an instance served nothing: ${served.join(' / ')}`);
    return { passed: true, figures };
  } finally {
    await system.stop();
  }
}

type Summary = ReturnType<typeof summarise>;
type LoadFigures = Summary & {
  instances: number;
  users: number;
  seconds: number;
  requestsPerSecond: number;
  routes: Record<RouteName, Summary>;
  servedByInstance: number[];
  crossInstance: CrossInstance | null;
  cpus: number;
  generatorCpu: number;
  loadAverage1m: { before: number; after: number };
};

export const load: Part = {
  name: 'load',
  title: 'Load: 200 signed-in users on the pay-day path',
  claim: `${USERS} concurrent signed-in users (arriving over the first ${RAMP_UP_SECONDS} s) walk the pay-day path (authorised user, document types, payslips, one payslip PDF) without pause for ${SECONDS} s through the host's proxy (its own process, as in production), each request with a ${REQUEST_TIMEOUT_MS / 1000} s time-out: one API on SQLite, then two API instances on PostgreSQL taken in turn by the proxy, where a session made on one is served by the other, a limit counted on one holds on the other and a sign-out on one ends the session on the other. 0 errors, 0 time-outs, 0 non-2xx; p99 printed. The load generator (node:http, one keep-alive agent) runs on the same machine; its CPU use and the machine's load average are printed.`,
  run,
  render(records) {
    const lines = [
      '| database | instances (requests served by each) | requests | requests/s | non-2xx | errors | time-outs | p50 | p95 | p99 | max | p99 per route (authorised, document types, payslips, PDF) | machine load (1 min); generator CPU |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ];
    for (const record of records) {
      if (record.figures.error) {
        lines.push(`| ${record.database} | failed: ${String(record.figures.error).split('\n')[0]!.slice(0, 300)} | | | | | | | | | | | |`);
        continue;
      }
      const f = record.figures as unknown as LoadFigures;
      const ms = (n: number) => `${n} ms`;
      const perRoute = ROUTES.map((r) => ms(f.routes[r].latencyMs.p99)).join(', ');
      lines.push(
        `| ${record.database} | ${f.instances} (${f.servedByInstance.join(' / ')}) | ${f.requests} | ${f.requestsPerSecond} | ${f.non2xx} | ${f.errors} | ${f.timeouts} | ${ms(f.latencyMs.p50)} | ${ms(f.latencyMs.p95)} | ${ms(f.latencyMs.p99)} | ${ms(f.latencyMs.max)} | ${perRoute} | ${f.loadAverage1m.after} on ${f.cpus} cores; ${f.generatorCpu} core |`,
      );
    }
    const cross = records.map((r) => (r.figures as unknown as LoadFigures).crossInstance).find(Boolean);
    if (cross) {
      lines.push(
        '',
        `Across the two instances: a session made on instance 1 answered ${cross.sessionFromFirstServedBySecond} on instance 2; a second linking code asked at once on instance 2 answered ${cross.linkingCodeAgainOnSecond}; after signing out on instance 1, instance 2 answered ${cross.signedOutOnFirstThenSecond}.`,
      );
    }
    return lines;
  },
};
