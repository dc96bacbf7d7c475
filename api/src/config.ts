// Configuration from the environment, read once at start. Everything has a safe local default so
// `pnpm --filter api start` runs with no setup; production sets NODE_ENV, DATABASE_URL, PUBLIC_URL,
// ALLOWED_REDIRECTS, TOKEN_SECRET and the delivery transports (EMAIL_TRANSPORT, SMS_TRANSPORT and their
// providers' keys); without PUBLIC_URL or TOKEN_SECRET, or a chosen provider's keys, it refuses to start.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { isLanguage, type Language } from './languages/language';

/** PostgreSQL's time limits (db/time-limits.ts applies them). */
export type PgTimeouts = {
  /** How long a query waits for a pool connection, or for a new connection to reach the server (ms). */
  connectMs: number;
  /** The server cancels a statement, lock waits included, that runs longer (ms; 0: no limit). */
  statementMs: number;
  /** The server ends a session left idle inside an open transaction longer (ms; 0: no limit). */
  idleInTransactionMs: number;
};

/** Argon2id's cost (auth/passwords.ts): memory in KiB, passes over it, lanes. */
export type Argon2Cost = { memoryKiB: number; passes: number; parallelism: number };

/**
 * OWASP's Password Storage Cheat Sheet, "Argon2id": "a minimum configuration of 19 MiB of memory, an
 * iteration count of 2, and 1 degree of parallelism"
 * (https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id).
 */
export const DEFAULT_PASSWORD_COST: Argon2Cost = { memoryKiB: 19_456, passes: 2, parallelism: 1 };

/** Password hashing for tests and tools: fast, never for real accounts. */
export const CHEAP_PASSWORD_COST: Argon2Cost = { memoryKiB: 64, passes: 1, parallelism: 1 };

export type Config = {
  port: number;
  host: string;
  nodeEnv: string;
  /** PostgreSQL connection string; when absent the API uses SQLite at sqlitePath. */
  databaseUrl: string | null;
  /** SQLite file, or ':memory:'. */
  sqlitePath: string;
  /** Folder for the SQLite file and the generated token secret. */
  dataDir: string;
  /** Public origin of the portal as the browser sees it (e.g. https://pay.example.co.uk), or null. */
  publicUrl: string | null;
  /** Origins a redirect_uri / post_logout_redirect_uri may point at (relative paths are always allowed). */
  allowedRedirectOrigins: string[];
  /** Sign-in client ids accepted by /app/login/ and friends. */
  clientIds: string[];
  /** Key for access tokens (HS256) and for hashing linking codes. */
  tokenSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  /** Idle lifetime: a session not refreshed for this long ends (each refresh moves it on). */
  refreshTokenTtlSeconds: number;
  /** Absolute lifetime: a session ends this long after its sign-in, however often it is refreshed. */
  sessionMaxSeconds: number;
  /** nodemailer SMTP URL; when absent e-mail goes to the local outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The local-only /dev/outbox pages: only with DEV_OUTBOX=on, and never in production. */
  devOutbox: boolean;
  /** Seed demo data into an empty database. */
  seedDemoData: boolean;
  logLevel: string;
  /** Argon2id's cost for new password hashes; each hash records its own, and weaker ones are replaced at sign-in. */
  passwordCost: Argon2Cost;
  /** Trust X-Forwarded-* (set when behind a proxy that sets them). */
  /** Whose X-Forwarded-* to believe: true (any hop), false, or addresses/CIDRs such as '127.0.0.1'. */
  trustProxy: boolean | string;
  /** Registrations one client address may start in an hour (default: REGISTRATION_LIMITS.perAddress in auth/throttle-rules.ts). */
  registrationsPerAddressPerHour: number;
  /**
   * The languages the portal offers, English first (the runtime config's `languages`): a page or
   * document the API answers with follows a browser's cookie or Accept-Language only among these.
   */
  languages: Language[];
  /** How often (ms) the API sends queued notices of new payslips and P60s; 0: never (tests send them themselves). */
  notificationPollMs: number;
  /** PostgreSQL time limits, so a slow or stuck database answers 503 instead of holding requests. */
  pgTimeouts: PgTimeouts;
  /** What one employer API key may ask (employer-api/rate-limits.ts). */
  employerApiLimits: EmployerApiLimits;
  /** How e-mail and texts leave (messages/transports.ts). */
  delivery: DeliveryConfig;
};

export type EmailTransportName = 'outbox' | 'smtp' | 'notify';
export type SmsTransportName = 'outbox' | 'notify' | 'twilio';

/** GOV.UK Notify: one template per channel whose personalisation is ((subject)) and ((body)). */
export type NotifyConfig = {
  apiKey: string;
  baseUrl: string;
  emailTemplateId: string | null;
  smsTemplateId: string | null;
  /** The bearer token Notify sends with its delivery callbacks; null: the callback hook refuses every call. */
  callbackToken: string | null;
};

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** The sending number, or null when a messaging service sends. */
  from: string | null;
  messagingServiceSid: string | null;
  /** Another origin for the REST API (a local stand-in); null: Twilio's own. */
  baseUrl: string | null;
  region: string | null;
  edge: string | null;
};

export type DeliveryConfig = {
  email: EmailTransportName;
  sms: SmsTransportName;
  /** The longest a provider may take to answer one send (ms); longer counts as a temporary failure. */
  timeoutMs: number;
  /** The public origin providers call back on (/hooks/…); null: no status callback is asked for. */
  hooksUrl: string | null;
  notify: NotifyConfig | null;
  twilio: TwilioConfig | null;
  /** What was set up wrongly in development, where the outbox stands in instead of refusing to start. */
  warnings: string[];
};

/** Calls per minute for one employer API key, and how many of its pay runs may be in progress at once. */
export type EmployerApiLimits = { requestsPerMinute: number; payRunsAtOnce: number };

type Env = Record<string, string | undefined>;

/** The api/ folder, so defaults do not depend on the working directory. */
export const API_ROOT = path.resolve(__dirname, '..');

function int(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  }
  return value;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function origin(url: string, name: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    return parsed.origin;
  } catch {
    throw new Error(`${name} must hold absolute http(s) URLs (got "${url}")`);
  }
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw as T;
}

const NOTIFY_API = 'https://api.notifications.service.gov.uk';
/** A Notify API key: its name, then the service id and the secret (two UUIDs). */
const NOTIFY_KEY = /-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The transports chosen by EMAIL_TRANSPORT and SMS_TRANSPORT (SMTP_URL alone still means SMTP), and
 * their providers' keys. A chosen provider without its keys stops the start, except in development
 * and tests, where the outbox stands in and a warning says why.
 */
function loadDelivery(env: Env, lenient: boolean, publicUrl: string | null): DeliveryConfig {
  const warnings: string[] = [];
  let email = oneOf<EmailTransportName>(env, 'EMAIL_TRANSPORT', ['outbox', 'smtp', 'notify'], env.SMTP_URL ? 'smtp' : 'outbox');
  let sms = oneOf<SmsTransportName>(env, 'SMS_TRANSPORT', ['outbox', 'notify', 'twilio'], 'outbox');
  const missing = (channel: string, transport: string, names: string[]) => {
    const text = `${channel} through ${transport} needs ${names.join(' and ')}`;
    if (!lenient) throw new Error(`${text} (or choose another transport)`);
    warnings.push(`${text}: the local outbox is used instead`);
  };
  if (email === 'smtp' && !env.SMTP_URL) {
    missing('EMAIL_TRANSPORT=smtp', 'SMTP', ['SMTP_URL']);
    email = 'outbox';
  }
  let notify: NotifyConfig | null = null;
  if (email === 'notify' || sms === 'notify') {
    const apiKey = env.NOTIFY_API_KEY ?? '';
    if (apiKey && !NOTIFY_KEY.test(apiKey))
      throw new Error('NOTIFY_API_KEY must be a GOV.UK Notify API key (its name, then the service id and the secret key)');
    const need = (channel: 'email' | 'sms', template: string) => {
      const names = [...(apiKey ? [] : ['NOTIFY_API_KEY']), ...(env[template] ? [] : [template])];
      if (names.length) missing(channel === 'email' ? 'EMAIL_TRANSPORT=notify' : 'SMS_TRANSPORT=notify', 'GOV.UK Notify', names);
      return names.length === 0;
    };
    if (email === 'notify' && !need('email', 'NOTIFY_EMAIL_TEMPLATE_ID')) email = 'outbox';
    if (sms === 'notify' && !need('sms', 'NOTIFY_SMS_TEMPLATE_ID')) sms = 'outbox';
    if (email === 'notify' || sms === 'notify') {
      notify = {
        apiKey,
        baseUrl: env.NOTIFY_BASE_URL ? origin(env.NOTIFY_BASE_URL, 'NOTIFY_BASE_URL') : NOTIFY_API,
        emailTemplateId: env.NOTIFY_EMAIL_TEMPLATE_ID || null,
        smsTemplateId: env.NOTIFY_SMS_TEMPLATE_ID || null,
        callbackToken: env.NOTIFY_CALLBACK_TOKEN || null,
      };
      if (notify.callbackToken !== null && notify.callbackToken.length < 10)
        throw new Error('NOTIFY_CALLBACK_TOKEN must be at least 10 characters (Notify requires it)');
    }
  }
  let twilio: TwilioConfig | null = null;
  if (sms === 'twilio') {
    const names = [
      ...(env.TWILIO_ACCOUNT_SID ? [] : ['TWILIO_ACCOUNT_SID']),
      ...(env.TWILIO_AUTH_TOKEN ? [] : ['TWILIO_AUTH_TOKEN']),
      ...(env.TWILIO_FROM || env.TWILIO_MESSAGING_SERVICE_SID ? [] : ['TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID)']),
    ];
    if (env.TWILIO_ACCOUNT_SID && !/^AC[0-9a-fA-F]{32}$/.test(env.TWILIO_ACCOUNT_SID))
      throw new Error('TWILIO_ACCOUNT_SID must be an account SID (AC and 32 hex digits)');
    if (names.length) {
      missing('SMS_TRANSPORT=twilio', 'Twilio', names);
      sms = 'outbox';
    } else {
      twilio = {
        accountSid: env.TWILIO_ACCOUNT_SID!,
        authToken: env.TWILIO_AUTH_TOKEN!,
        from: env.TWILIO_FROM || null,
        messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID || null,
        baseUrl: env.TWILIO_BASE_URL ? origin(env.TWILIO_BASE_URL, 'TWILIO_BASE_URL') : null,
        region: env.TWILIO_REGION || null,
        edge: env.TWILIO_EDGE || null,
      };
    }
  }
  return {
    email,
    sms,
    timeoutMs: int(env, 'DELIVERY_TIMEOUT_MS', 10_000, 100),
    hooksUrl: env.HOOKS_PUBLIC_URL ? origin(env.HOOKS_PUBLIC_URL, 'HOOKS_PUBLIC_URL') : publicUrl,
    notify,
    twilio,
    warnings,
  };
}

/**
 * The signing secret: TOKEN_SECRET when set (production, several instances), otherwise one
 * generated on first start and kept in the data folder (ignored by git) so sessions survive restarts.
 */
function loadTokenSecret(env: Env, dataDir: string, persist: boolean): Uint8Array {
  const fromEnv = env.TOKEN_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('TOKEN_SECRET must be at least 32 characters');
    return new TextEncoder().encode(fromEnv);
  }
  if (!persist) return crypto.randomBytes(32);
  const file = path.join(dataDir, 'token-secret');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    const secret = crypto.randomBytes(32);
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret.toString('base64url'), { mode: 0o600 });
    return secret;
  }
}

/** TRUST_PROXY: 'true', or the proxies' addresses ('127.0.0.1', '10.0.0.0/8,127.0.0.1'); anything else is off. */
function trustProxyOf(raw: string | undefined): boolean | string {
  if (raw === 'true') return true;
  if (!raw || raw === 'false') return false;
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(API_ROOT, 'data'));
  const databaseUrl = env.DATABASE_URL || null;
  const sqlitePath = env.SQLITE_PATH ? (env.SQLITE_PATH === ':memory:' ? ':memory:' : path.resolve(env.SQLITE_PATH)) : path.join(dataDir, 'portal.sqlite');
  const publicUrl = env.PUBLIC_URL ? origin(env.PUBLIC_URL, 'PUBLIC_URL') : null;
  if (production && !env.TOKEN_SECRET) {
    throw new Error('TOKEN_SECRET must be set in production (shared by every API instance)');
  }
  // Links in e-mails and the token issuer need the address the browser uses; a guess from the
  // request could be an attacker's Host header, so only development and tests may go without.
  if (!publicUrl && nodeEnv !== 'development' && nodeEnv !== 'test') {
    throw new Error(
      `PUBLIC_URL must be set when NODE_ENV is "${nodeEnv}": the portal's public origin, e.g. https://pay.example.co.uk (links in e-mails point at it)`,
    );
  }
  const allowed = list(env.ALLOWED_REDIRECTS ?? 'http://localhost:8080,http://127.0.0.1:8080').map((u) => origin(u, 'ALLOWED_REDIRECTS'));
  if (publicUrl) allowed.push(publicUrl);
  const accessTokenTtlSeconds = int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 1);
  return {
    port: int(env, 'PORT', 4000, 0),
    host: env.HOST ?? '127.0.0.1',
    nodeEnv,
    databaseUrl,
    sqlitePath,
    dataDir,
    publicUrl,
    allowedRedirectOrigins: [...new Set(allowed)],
    clientIds: list(env.CLIENT_IDS ?? 'portal-web'),
    tokenSecret: loadTokenSecret(env, dataDir, !production),
    accessTokenTtlSeconds,
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 24 * 3600, 60),
    sessionMaxSeconds: int(env, 'SESSION_MAX_SECONDS', 30 * 24 * 3600, 60),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Pay portal <no-reply@portal.localhost>',
    // Opt-in: a staging or mistyped NODE_ENV must not expose every code sent (pnpm start opts in).
    devOutbox: !production && env.DEV_OUTBOX === 'on',
    seedDemoData: env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA !== 'off' : true,
    logLevel: env.LOG_LEVEL ?? 'info',
    passwordCost: {
      memoryKiB: int(env, 'ARGON2_MEMORY_KIB', DEFAULT_PASSWORD_COST.memoryKiB, 64),
      passes: int(env, 'ARGON2_PASSES', DEFAULT_PASSWORD_COST.passes, 1),
      parallelism: DEFAULT_PASSWORD_COST.parallelism,
    },
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    registrationsPerAddressPerHour: int(env, 'REGISTRATIONS_PER_ADDRESS_PER_HOUR', 20, 1),
    languages: languagesOf(env.LANGUAGES),
    notificationPollMs: int(env, 'NOTIFY_POLL_MS', 2000, 0),
    pgTimeouts: {
      connectMs: int(env, 'PG_CONNECT_TIMEOUT_MS', 5000, 1),
      statementMs: int(env, 'PG_STATEMENT_TIMEOUT_MS', 30_000, 0),
      idleInTransactionMs: int(env, 'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000, 0),
    },
    employerApiLimits: {
      requestsPerMinute: int(env, 'EMPLOYER_API_REQUESTS_PER_MINUTE', 600, 1),
      payRunsAtOnce: int(env, 'EMPLOYER_API_PAY_RUNS_AT_ONCE', 2, 1),
    },
    delivery: loadDelivery(env, nodeEnv === 'development' || nodeEnv === 'test', publicUrl),
  };
}

/** A config for tests and tools: in-memory SQLite, random secret, cheap password hashing, the outbox on. */
/** LANGUAGES: 'en' (the default) or 'en,cy'; English is always offered, and first. */
function languagesOf(raw: string | undefined): Language[] {
  const named = list(raw);
  const unknown = named.filter((name) => !isLanguage(name));
  if (unknown.length) throw new Error(`LANGUAGES names languages the portal does not speak: ${unknown.join(', ')} (it speaks en and cy)`);
  return ['en', ...(named.includes('cy') ? (['cy'] as const) : [])];
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', SQLITE_PATH: ':memory:', TOKEN_SECRET: crypto.randomBytes(32).toString('base64url'), DEV_OUTBOX: 'on' }),
    logLevel: 'silent',
    passwordCost: CHEAP_PASSWORD_COST,
    notificationPollMs: 0,
    // Both, as the journeys offer them; a test of English alone says so.
    languages: ['en', 'cy'],
    ...overrides,
  };
}
