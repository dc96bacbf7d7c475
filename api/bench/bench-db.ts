// A PostgreSQL database of the bench's own: created on the server of BENCH_PG_URL or
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped afterwards, so the
// bench never touches another database's tables. No server there: null, and the caller says so.
import pg from 'pg';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function postgresServerUrl(): string {
  return process.env.BENCH_PG_URL || process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
}

async function adminClient(serverUrl: string): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return client;
  } catch {
    return null;
  }
}

/** Runs `work` with the URL of a new, empty database; drops it after. Answers null without a server. */
export async function withBenchDatabase<T>(work: (databaseUrl: string) => Promise<T>): Promise<T | null> {
  const serverUrl = postgresServerUrl();
  const admin = await adminClient(serverUrl);
  if (!admin) return null;
  const name = `portal_bench_${process.pid}_${Date.now()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    return await work(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error: unknown) => console.error(`bench: could not drop ${name}:`, error));
    await admin.end();
  }
}
