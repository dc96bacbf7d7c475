// The system under test, started for real: API processes (tsx api/src/main.ts) on free ports over a
// fresh SQLite file or a fresh PostgreSQL database, and the host's proxy (tools/serve.mjs) in front.
// Every part of the suite starts what it needs here, so no part depends on fixed ports.
import { spawn } from 'node:child_process';
import { ensureApiBuilt, spawnApi } from '../../tools/api-process.mjs';
import { writeLocalRuntimeConfig } from '../../tools/runtime-config.mjs';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const API_ROOT = path.join(ROOT, 'api');

export type DatabaseKind = 'sqlite' | 'postgresql';

/** PostgreSQL server the suite creates its throwaway databases on (CI sets TEST_DATABASE_URL). */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL || process.env.RELIABILITY_DATABASE_URL || null;

/** The databases this run covers: SQLite always, PostgreSQL when a server is configured. */
export function databaseKinds(): DatabaseKind[] {
  return POSTGRES_URL ? ['sqlite', 'postgresql'] : ['sqlite'];
}

export type TestDatabase = {
  kind: DatabaseKind;
  /** DATABASE_URL for the API (PostgreSQL), or null. */
  url: string | null;
  /** SQLITE_PATH for the API (SQLite), or null. */
  sqlitePath: string | null;
  /** A folder of the run's own (token secret, SQLite file). */
  dataDir: string;
  /** Runs SQL against the database, for checks that read what the API wrote. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh, empty database of the given kind; the API migrates and seeds it on start. */
async function createDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-reliability-'));
  if (kind === 'sqlite') {
    const sqlitePath = path.join(dataDir, 'portal.sqlite');
    // better-sqlite3 comes from the API's own dependencies.
    const { default: Sqlite } = (await import(path.join(API_ROOT, 'node_modules', 'better-sqlite3', 'lib', 'index.js'))) as {
      default: new (file: string) => SqliteHandle;
    };
    let handle: SqliteHandle | null = null;
    return {
      kind,
      url: null,
      sqlitePath,
      dataDir,
      async query<T>(text: string, params: unknown[] = []) {
        handle ??= new Sqlite(sqlitePath);
        const statement = handle.prepare(text.replace(/\$\d+/g, '?'));
        return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
      },
      async drop() {
        handle?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!POSTGRES_URL) throw new Error('PostgreSQL runs need TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const name = `reliability_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(POSTGRES_URL, name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return {
    kind,
    url,
    sqlitePath: null,
    dataDir,
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async drop() {
      await pool.end();
      const again = new pg.Client({ connectionString: POSTGRES_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type SqliteHandle = {
  prepare(sql: string): { reader: boolean; all(...params: unknown[]): unknown[]; run(...params: unknown[]): unknown };
  close(): void;
};

type ApiProcess = {
  url: string;
  port: number;
  /** The process now running (changes after restart). */
  child(): ChildProcess;
  /** Everything the API wrote to stdout and stderr, for failure reports (empty with `logFile`). */
  output: string[];
  /** The file the API logs to, when started with one. */
  logFile: string | null;
  /** Sends a signal and waits for the process to exit (SIGKILL: a crash). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the API again on the same port and database, and waits until it answers. */
  restart(): Promise<void>;
  /** Stops it cleanly (SIGTERM). */
  stop(): Promise<void>;
};

type ApiOptions = {
  database: TestDatabase;
  /** Extra environment (limits, log level, …). */
  env?: Record<string, string>;
  /** Fixed port (a restart reuses it); default a free one. */
  port?: number;
  /** Front-end origins the API accepts forms and state-changing calls from (e.g. the proxy's). */
  frontEndOrigins?: string[];
  /**
   * Log to this file instead of a pipe to the suite: a load part reads the request lines from it,
   * and the API never waits for a busy suite to drain a pipe.
   */
  logFile?: string;
};

/** One secret for every API instance of a run: sessions made by one are accepted by the other. */
const TOKEN_SECRET = crypto.randomBytes(32).toString('base64url');

/** Waits until `path` (/healthz) answers; `recentOutput` says why not, when it never does. */
async function waitForHealth(url: string, child: ChildProcess, recentOutput: () => string, path = '/healthz'): Promise<void> {
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child.exitCode !== null) throw new Error(`the process exited with code ${child.exitCode}:\n${recentOutput()}`);
    try {
      if ((await fetch(`${url}${path}`)).ok) return;
    } catch {
      // not up yet
    }
    await delay(125);
  }
  throw new Error(`nothing answered at ${url}${path}:\n${recentOutput()}`);
}

/** Starts an API process, as production runs it, and waits until /healthz answers. */
async function startApi(options: ApiOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    TOKEN_SECRET,
    DATA_DIR: options.database.dataDir,
    SQLITE_PATH: options.database.sqlitePath ?? '',
    DATABASE_URL: options.database.url ?? '',
    DEV_OUTBOX: 'on',
    LOG_LEVEL: 'warn',
    ...(options.frontEndOrigins ? { ALLOWED_REDIRECTS: options.frontEndOrigins.join(',') } : {}),
    ...options.env,
  };
  let child: ChildProcess;
  const launch = async () => {
    // spawnApi runs the built API with node itself, not through a wrapper command (which would run the
    // API in a child process, so a SIGKILL would stop only the command and leave the API answering).
    await ensureApiBuilt();
    const log = options.logFile ? fs.openSync(options.logFile, 'a') : 'pipe';
    child = spawnApi({ port, env, stdio: ['ignore', log, log] });
    if (typeof log === 'number') fs.closeSync(log);
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await waitForHealth(url, child, () => (options.logFile ? fs.readFileSync(options.logFile, 'utf8') : output.join('')).slice(-3000));
  };
  const exited = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  await launch();
  return {
    url,
    port,
    child: () => child,
    output,
    logFile: options.logFile ?? null,
    kill: (signal = 'SIGKILL') => exited(signal),
    restart: launch,
    stop: () => exited('SIGTERM'),
  };
}

type Proxy = { url: string; close(): Promise<void> };

/** The proxy in its own process (proxy-process.mjs); answers once it serves /config.json. */
async function startProxyProcess(options: Record<string, unknown>, url: string): Promise<{ close(): Promise<void> }> {
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'proxy-process.mjs'), JSON.stringify(options)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitForHealth(url, child, () => output.join('').slice(-3000), '/config.json');
  return {
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The host's own server (tools/serve.mjs) in front of one or more API instances, as the browser
 * reaches the API. Its static root is an empty folder: the suite needs only the proxy. In this
 * process, or (`ownProcess`) in one of its own, as in production, for a load part whose generator
 * would otherwise share its event loop.
 */
async function startProxy(apiUrls: string[], port?: number, { ownProcess = false } = {}): Promise<Proxy> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proxy-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>proxy</title>');
  const configPath = path.join(root, 'config.json');
  writeLocalRuntimeConfig(configPath);
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const options = { root, port: listenPort, configPath, apiUrl: apiUrls.length === 1 ? apiUrls[0] : apiUrls };
  let server: { close(): Promise<unknown> };
  if (ownProcess) server = await startProxyProcess(options, url);
  else {
    const { startHostServer } = (await import(path.join(ROOT, 'tools', 'serve.mjs'))) as {
      startHostServer(options: Record<string, unknown>): Promise<{ close(): Promise<void> }>;
    };
    server = await startHostServer(options);
  }
  return {
    url,
    async close() {
      await server.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export type System = { database: TestDatabase; apis: ApiProcess[]; proxy: Proxy; stop(): Promise<void> };

/**
 * A whole back end: a fresh database, `instances` API processes sharing it (and one token secret),
 * and the host's proxy in front of them, whose origin the APIs accept as the front end's.
 */
export async function startSystem(
  kind: DatabaseKind,
  options: { instances?: number; env?: Record<string, string>; logToFiles?: boolean; proxyProcess?: boolean } = {},
): Promise<System> {
  const database = await createDatabase(kind);
  const proxyPort = await freePort();
  const frontEndOrigins = [`http://127.0.0.1:${proxyPort}`, 'http://localhost:8080'];
  const apis: ApiProcess[] = [];
  try {
    // One at a time: the first migrates and seeds the database, the others find it ready.
    for (let i = 0; i < (options.instances ?? 1); i++) {
      const logFile = options.logToFiles ? path.join(database.dataDir, `api-${i + 1}.log`) : undefined;
      apis.push(await startApi({ database, frontEndOrigins, env: options.env, logFile }));
    }
    const proxy = await startProxy(
      apis.map((api) => api.url),
      proxyPort,
      { ownProcess: options.proxyProcess },
    );
    return {
      database,
      apis,
      proxy,
      async stop() {
        await proxy.close();
        await Promise.all(apis.map((api) => api.stop()));
        await database.drop();
      },
    };
  } catch (error) {
    await Promise.all(apis.map((api) => api.stop()));
    await database.drop();
    throw error;
  }
}
