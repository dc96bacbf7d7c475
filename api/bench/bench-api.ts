// What the API benchmarks share: their own API process (production mode) on a free port over a
// fresh SQLite file, or BENCH_DATABASE_URL for PostgreSQL (an empty database), and a real sign-in
// (sign-in page with its hidden fields and cookies, form post, callback) for the session cookie.
import { ensureApiBuilt, spawnApi } from '../../tools/api-process.mjs';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { API_ROOT } from '../src/config';
import { openDatabase } from '../src/db/connect';
import type { Db } from '../src/db/connect';
import { DEMO } from '../src/db/seed';

export type BenchApi = {
  base: string;
  database: 'postgresql' | 'sqlite (file, WAL)';
  databaseUrl: string | null;
  /** The API's database, for a bench that adds rows of its own. */
  open(): Promise<Db>;
  /** The API process (node itself, not a wrapper), for a bench that watches its memory. */
  pid: number;
  stop(): Promise<void>;
};

export function freePort(): Promise<number> {
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

/**
 * The API in its own process, as in production, so the load generator does not share its event loop.
 * On `databaseUrl` (PostgreSQL) when given, else BENCH_DATABASE_URL, else a fresh SQLite file.
 */
export async function startBenchApi(options: { databaseUrl?: string | null; nodeArgs?: string[] } = {}): Promise<BenchApi> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const databaseUrl = options.databaseUrl === undefined ? process.env.BENCH_DATABASE_URL || null : options.databaseUrl;
  const sqlitePath = path.join(tmp, 'portal.sqlite');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await ensureApiBuilt();
  const api = spawnApi({
    port,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: base,
      HOST: '127.0.0.1',
      TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      DATA_DIR: tmp,
      SQLITE_PATH: sqlitePath,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DATABASE_URL: databaseUrl ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    nodeArgs: options.nodeArgs,
  });
  await waitForHealth(base);
  return {
    base,
    databaseUrl,
    database: databaseUrl ? 'postgresql' : 'sqlite (file, WAL)',
    open: () => openDatabase({ databaseUrl, sqlitePath }),
    pid: api.pid!,
    async stop() {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** Cookie pairs (`name=value`) a response sets, merged over the earlier ones. */
function mergeCookies(jar: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** The hidden fields of the sign-in form (a CSRF token, the client and redirect). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = / name="([^"]+)"/.exec(tag)?.[1];
    if (name) fields[name] = (/ value="([^"]*)"/.exec(tag)?.[1] ?? '').replace(/&amp;/g, '&');
  }
  return fields;
}

/** Signs in as the browser would and returns the session cookie header. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const page = await fetch(`${base}/account/sign-in?client_id=portal-web&redirect_uri=%2F`);
  if (!page.ok) throw new Error(`sign-in page: ${page.status}`);
  mergeCookies(jar, page);
  const form = new URLSearchParams({ client_id: 'portal-web', redirect_uri: '/', ...hiddenFields(await page.text()), email, password });
  const posted = await fetch(`${base}/account/sign-in`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { cookie: cookieHeader(jar), origin: base },
  });
  mergeCookies(jar, posted);
  const callback = posted.headers.get('location');
  if (posted.status !== 302 || !callback) throw new Error(`sign-in: ${posted.status}`);
  const done = await fetch(`${base}${callback}`, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
  mergeCookies(jar, done);
  if (!jar.has('__Host-app.at')) throw new Error('no session cookie');
  return cookieHeader(jar);
}

export type HotRoute = 'payslips' | 'authorised' | 'pdf';

/**
 * The paths of the three hot routes for the demo user Alex (signed in with `cookie`): his Northwind
 * payslip list, the authorised user and the PDF of his newest payslip (its id read from the list).
 */
export async function hotRoutePaths(base: string, cookie: string): Promise<Record<HotRoute, string>> {
  const employment = `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}`;
  const list = (await (await fetch(`${base}${employment}/payslips`, { headers: { cookie } })).json()) as { data: string };
  const payslipId = (JSON.parse(list.data) as { data: { ID: string }[] }).data[0]!.ID;
  return {
    payslips: `${employment}/payslips`,
    authorised: '/api/users/authorised',
    pdf: `/api/users/${DEMO.alex.id}/file/${payslipId}/employment/${DEMO.employments.alexNorthwind}`,
  };
}

/** Where a bench writes its figures: bench/results/<name>.json (…-postgresql.json on PostgreSQL). */
export function writeResults(name: string, databaseUrl: string | null, figures: unknown): string {
  const out = path.resolve(API_ROOT, '..', 'bench', 'results', databaseUrl ? `${name}-postgresql.json` : `${name}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  return out;
}
