// Test support: a fresh app and database per test file (SQLite in memory, or a throwaway
// PostgreSQL schema when TEST_DATABASE_URL is set), a cookie jar, and sign-in as a browser does it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Config } from '../config';
import { dropPostgresSchema, openDatabase } from '../db/connect';
import type { Db } from '../db/connect';
import { DEMO, DEMO_PASSWORD } from '../db/seed';
import { listen } from './burst';
import type { LiveServer } from './burst';
import { DEVICE_COOKIE } from '../http/cookies';

export const PG_URL = process.env.TEST_DATABASE_URL || null;
export const CLIENT_ID = 'portal-web';
export const FRONT_END = 'http://localhost:8080';

export type TestApp = {
  app: FastifyInstance;
  database: Db;
  config: Config;
  /** Everything the app logged, one JSON line per entry. */
  logs: string[];
  close(): Promise<void>;
};

/**
 * `sqliteFile`: on SQLite, a database file in a temporary directory instead of memory, as in
 * production (the hot reads then run on their read-only connection, db/sqlite-reader.ts); the
 * directory goes on close. Ignored on PostgreSQL.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: { sqliteFile?: boolean } = {}): Promise<TestApp & { sqlitePath: string | null }> {
  const schema = PG_URL ? `test_${process.pid}_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const config = testConfig({ databaseUrl: PG_URL, logLevel: 'info', ...overrides });
  const dir = !PG_URL && options.sqliteFile ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')) : null;
  const sqlitePath = dir ? path.join(dir, 'portal.sqlite') : null;
  const removeDir = () => dir && fs.rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({
    databaseUrl: PG_URL,
    sqlitePath: sqlitePath ?? ':memory:',
    pgSchema: schema,
    pgPoolSize: 4,
    pgTimeouts: config.pgTimeouts,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, logStream });
  } catch (err) {
    // buildApp closes the database when it fails; the throwaway schema must go too.
    if (PG_URL && schema) await dropPostgresSchema(PG_URL, schema);
    removeDir();
    throw err;
  }
  return {
    app,
    database,
    config,
    logs,
    sqlitePath,
    async close() {
      await app.close();
      if (PG_URL && schema) await dropPostgresSchema(PG_URL, schema);
      removeDir();
    },
  };
}

/** Cookies as a browser keeps them: set, replaced and cleared by Set-Cookie. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** What the browser says it is, and where it connects from, on every request (optional). */
  constructor(readonly browser: { userAgent?: string; remoteAddress?: string } = {}) {}

  take(res: LightMyRequestResponse): void {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Same-origin requests with the jar's cookies; Set-Cookie answers go back into the jar. */
export async function request(
  app: FastifyInstance,
  jar: CookieJar,
  options: { method?: string; url: string; payload?: unknown; headers?: Record<string, string>; remoteAddress?: string },
): Promise<LightMyRequestResponse> {
  const remoteAddress = options.remoteAddress ?? jar.browser.remoteAddress;
  const res = await app.inject({
    method: (options.method ?? 'GET') as 'GET',
    url: options.url,
    payload: options.payload as string,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: {
      ...(jar.browser.userAgent ? { 'user-agent': jar.browser.userAgent } : {}),
      ...(jar.cookies.size ? { cookie: jar.header() } : {}),
      ...options.headers,
    },
  });
  jar.take(res);
  return res;
}

/** Follows same-origin redirects (relative Location) like a browser; stops at another origin. */
export async function follow(
  app: FastifyInstance,
  jar: CookieJar,
  first: LightMyRequestResponse,
  max = 10,
): Promise<{ res: LightMyRequestResponse; location: string | null; hops: string[] }> {
  let res = first;
  const hops: string[] = [];
  for (let i = 0; i < max; i++) {
    if (res.statusCode < 300 || res.statusCode >= 400) return { res, location: null, hops };
    const location = String(res.headers.location);
    hops.push(location);
    if (!location.startsWith('/')) return { res, location, hops };
    res = await request(app, jar, { url: location, headers: { accept: 'text/html' } });
  }
  throw new Error('too many redirects');
}

/** Reads the hidden and visible fields of the first form on a page. */
export function formFields(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    const name = / name="([^"]+)"/.exec(tag)?.[1];
    if (!name) continue;
    const value = / value="([^"]*)"/.exec(tag)?.[1] ?? '';
    fields[name] = value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return { action, fields };
}

export type SignedIn = { jar: CookieJar; sub: string; email: string };

/** The device cookie each account's test browser keeps (DEVICE_COOKIE): a test signs in again from the same device unless it asks for a new one. */
const knownBrowsers = new WeakMap<FastifyInstance, Map<string, string>>();

/** A fresh cookie jar that carries the device cookie of the account's earlier test sign-ins, as a returning browser does. */
export function returningBrowser(app: FastifyInstance, email: string): CookieJar {
  const jar = new CookieJar();
  const device = knownBrowsers.get(app)?.get(email.toLowerCase());
  if (device) jar.cookies.set(DEVICE_COOKIE, device);
  return jar;
}

/** Keeps the jar's device cookie for the account's next test sign-in. */
export function rememberBrowser(app: FastifyInstance, email: string, jar: CookieJar): void {
  const device = jar.get(DEVICE_COOKIE);
  if (!device) return;
  let browsers = knownBrowsers.get(app);
  if (!browsers) knownBrowsers.set(app, (browsers = new Map()));
  browsers.set(email.toLowerCase(), device);
}

/**
 * Signs in exactly as the SDK and a browser do: /app/login/ -> sign-in page -> form post -> callback -> redirect_uri.
 * From the account's returning test browser unless `jar` is given (a new browser: `new CookieJar()`).
 */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD, jar = returningBrowser(app, email)): Promise<SignedIn> {
  const start = await request(app, jar, {
    url: `/app/login/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}&scope=openid%20offline_access&state=test-state`,
  });
  const { res: page } = await follow(app, jar, start);
  if (page.statusCode !== 200) throw new Error(`sign-in page answered ${page.statusCode}`);
  const { action, fields } = formFields(page.body);
  const posted = await request(app, jar, {
    method: 'POST',
    url: action,
    payload: new URLSearchParams({ ...fields, email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  });
  const { location } = await follow(app, jar, posted);
  if (!location?.startsWith(FRONT_END)) throw new Error(`sign-in did not finish (status ${posted.statusCode}): ${posted.body.slice(0, 300)}`);
  rememberBrowser(app, email, jar);
  const me = await request(app, jar, { url: '/app/me/' });
  return { jar, sub: me.json<{ sub: string }>().sub, email };
}

export const signInAlex = (app: FastifyInstance) => signIn(app, DEMO.alex.email);
export const signInSam = (app: FastifyInstance) => signIn(app, DEMO.sam.email);

export type Inner<T = unknown> = { status: number; error: string | null; data: T };

/** Unwraps `{ data: "<JSON text>" }` into `{ status, error, data }`. */
export function unwrap<T = unknown>(res: LightMyRequestResponse): Inner<T> {
  const body = res.json<{ data: unknown }>();
  if (typeof body.data !== 'string') throw new Error(`not an envelope: ${res.body.slice(0, 200)}`);
  return JSON.parse(body.data) as Inner<T>;
}

/** An authenticated API call as the given user, from the portal's page (a browser names its Origin on every non-GET call). */
export function api(app: FastifyInstance, user: SignedIn, method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const origin = method.toUpperCase() === 'GET' ? {} : { origin: FRONT_END };
  return app.inject({ method: method as 'GET', url, payload: payload as string, headers: { cookie: user.jar.header(), ...origin } });
}

export type OutboxMessage = {
  id: string;
  channel: string;
  to: string;
  subject: string;
  body: string;
  code: string | null;
  link: string | null;
  createdAt: string;
};

/** The local outbox (newest first), optionally to one address; it waits for work still running after answers. */
export async function outbox(app: FastifyInstance, to?: string): Promise<OutboxMessage[]> {
  const res = await app.inject({ url: `/dev/outbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}` });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  return res.json<OutboxMessage[]>();
}

/** The latest code sent to an address, via the local page the e2e tests use too. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const code = (await outbox(app, to))[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** `password` is chosen on the page the e-mailed link opens (the registration form asks for none). */
export type NewAccount = { email: string; password: string; firstName?: string; lastName?: string; mobilePhone?: string };

let registrations = 0;
/** A different client address for each registration, so the per-address registration limit stays out of the way of tests. */
const nextAddress = () => {
  registrations += 1;
  return `10.${(registrations >> 16) & 255}.${(registrations >> 8) & 255}.${registrations & 255}`;
};

/** Fills in the registration form as a browser does, from /app/register/; answers the "Check your email" page. */
export async function startRegistration(app: FastifyInstance, jar: CookieJar, account: NewAccount, state = 'register'): Promise<LightMyRequestResponse> {
  const start = await request(app, jar, {
    url: `/app/register/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}&scope=openid%20offline_access&state=${state}`,
  });
  const { res: page } = await follow(app, jar, start);
  if (page.statusCode !== 200) throw new Error(`registration page answered ${page.statusCode}`);
  const { action, fields } = formFields(page.body);
  const { password: _chosenLater, ...details } = account;
  const values = { firstName: 'Jamie', lastName: 'Taylor', ...details };
  return request(app, jar, {
    method: 'POST',
    url: action,
    payload: new URLSearchParams({ ...fields, ...values }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    remoteAddress: nextAddress(),
  });
}

/** The path and query of the newest registration link e-mailed to the address. */
export async function registrationLink(app: FastifyInstance, email: string): Promise<string> {
  const link = (await outbox(app, email)).find((m) => m.link)?.link;
  if (!link) throw new Error(`no registration link in the outbox for ${email}`);
  const url = new URL(link, 'http://relative.invalid');
  return `${url.pathname}${url.search}`;
}

/** Opens a registration link (the newest e-mailed to `email` unless given), chooses the password and presses its button; answers the final redirect. */
export async function followRegistrationLink(
  app: FastifyInstance,
  jar: CookieJar,
  email: string,
  password: string,
  link?: string,
): Promise<{ res: LightMyRequestResponse; location: string | null }> {
  const page = await request(app, jar, { url: link ?? (await registrationLink(app, email)), headers: { accept: 'text/html' } });
  if (page.statusCode !== 200) throw new Error(`registration link answered ${page.statusCode}: ${page.body.slice(0, 300)}`);
  const { action, fields } = formFields(page.body);
  const posted = await request(app, jar, {
    method: 'POST',
    url: action,
    payload: new URLSearchParams({ ...fields, password, confirmPassword: password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  });
  return follow(app, jar, posted);
}

/** Registers a new account as a person does (form, e-mailed link, button) and answers it signed in. */
export async function register(app: FastifyInstance, account: NewAccount): Promise<SignedIn> {
  const jar = new CookieJar();
  const started = await startRegistration(app, jar, account);
  if (started.statusCode !== 200) throw new Error(`registration answered ${started.statusCode}: ${started.body.slice(0, 300)}`);
  const { location } = await followRegistrationLink(app, jar, account.email, account.password);
  if (!location?.startsWith(FRONT_END)) throw new Error(`registration did not finish: ${location}`);
  rememberBrowser(app, account.email, jar);
  const me = await request(app, jar, { url: '/app/me/' });
  return { jar, sub: me.json<{ sub: string }>().sub, email: account.email.toLowerCase() };
}

/** A test app listening on a free port (real HTTP, burst.ts) for a file of concurrency tests. */
export type LiveTestApp = { t: TestApp; server: LiveServer };

/** Registers the file's beforeAll/afterAll that make the app and close it; read `.t` and `.server` inside the tests. */
export function liveTestApp(overrides: Partial<Config> = { logLevel: 'warn' }): LiveTestApp {
  const live = {} as LiveTestApp;
  beforeAll(async () => {
    live.t = await createTestApp(overrides);
    live.server = await listen(live.t.app);
  }, 60_000);
  afterAll(async () => {
    live.server.close();
    await live.t.close();
  });
  return live;
}

/** The ZIP and proof-of-income tests' app: Alex and Sam signed in, listening over real HTTP for bursts. */
export type BundleTestBed = LiveTestApp & {
  alex: SignedIn;
  sam: SignedIn;
  /** Forgets what a user has asked for against the per-user ZIP and pack limit. */
  clearBundleLimit(user: SignedIn): Promise<unknown>;
};

/** Registers the hooks that make the bed before a test file's tests and close it after; its fields are set by then. */
export function bundleTestBed(): BundleTestBed {
  const live = liveTestApp({});
  const bed = {
    get t() {
      return live.t;
    },
    get server() {
      return live.server;
    },
    clearBundleLimit: (user: SignedIn) => live.t.database.db.deleteFrom('throttle_counters').where('key', '=', `bundle:user:${user.sub}`).execute(),
  } as BundleTestBed;
  beforeAll(async () => {
    bed.alex = await signInAlex(live.t.app);
    bed.sam = await signInSam(live.t.app);
  }, 60_000);
  return bed;
}

export { DEMO, DEMO_PASSWORD };
