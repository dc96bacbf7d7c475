// `pnpm --filter api bench`: requests per second and p99 latency of GET .../payslips for the demo
// user, signed in for real (sign-in page, callback, session cookie), with autocannon.
// Starts its own API process on a free port with a fresh SQLite file (or BENCH_DATABASE_URL for
// PostgreSQL), so it does not disturb a running portal. Figures go to stdout and bench/results/api-payslips.json
// (api-payslips-postgresql.json with BENCH_DATABASE_URL, which should name an empty database).
//   BENCH_DURATION (s, default 10)  BENCH_CONNECTIONS (default 10)  LOG_LEVEL (default warn)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { API_ROOT } from '../src/config';
import { DEMO, DEMO_PASSWORD } from '../src/db/seed';

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0]!);
}

/** Signs in as the browser would (the page's CSRF cookie and token with the form) and returns the session cookie header. */
async function signIn(base: string): Promise<string> {
  const page = await fetch(`${base}/account/sign-in?client_id=portal-web&redirect_uri=%2F`);
  if (!page.ok) throw new Error(`sign-in page: ${page.status}`);
  const csrfCookie = cookiesOf(page).join('; ');
  const csrfToken = /name="csrf_token" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!csrfToken) throw new Error('sign-in page: no csrf_token field');
  const form = new URLSearchParams({ csrf_token: csrfToken, client_id: 'portal-web', redirect_uri: '/', email: DEMO.alex.email, password: DEMO_PASSWORD });
  const posted = await fetch(`${base}/account/sign-in`, { method: 'POST', body: form, redirect: 'manual', headers: { cookie: csrfCookie } });
  const callback = posted.headers.get('location');
  if (posted.status !== 302 || !callback) throw new Error(`sign-in: ${posted.status}`);
  const done = await fetch(`${base}${callback}`, { redirect: 'manual' });
  const cookies = cookiesOf(done);
  if (!cookies.some((c) => c.startsWith('app.at='))) throw new Error('no session cookie');
  return cookies.join('; ');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await delay(250);
  }
  throw new Error('the API did not start');
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL || null;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The API runs in its own process, as in production, so autocannon does not share its event loop.
  const api = spawn(path.join(API_ROOT, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      DATA_DIR: tmp,
      SQLITE_PATH: path.join(tmp, 'portal.sqlite'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(base);

  try {
    const cookie = await signIn(base);
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
      database: databaseUrl ? 'postgresql' : 'sqlite (file, WAL)',
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
    console.log(`api bench: ${figures.requestsPerSecond} requests/s, p99 ${figures.latencyMs.p99} ms (avg ${figures.latencyMs.average} ms), non-2xx ${result.non2xx}, errors ${result.errors}`);
    const out = path.resolve(API_ROOT, '..', 'bench', 'results', databaseUrl ? 'api-payslips-postgresql.json' : 'api-payslips.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`api bench: written to ${path.relative(process.cwd(), out)}`);
    if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
