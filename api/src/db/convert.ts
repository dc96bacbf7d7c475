// The one place where SQLite and PostgreSQL values become the same JS shapes.
import crypto from 'node:crypto';
import type { DbBool, DbJson, DbTimestamp } from './schema';

export function toBool(value: DbBool): boolean {
  return value === true || value === 1;
}

export function toIso(value: DbTimestamp): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function fromJson<T>(value: DbJson): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

/** Counts come back as numbers from SQLite and as bigint text from PostgreSQL. */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}

export function nowIso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

/**
 * A row's `created_at` and `expires_at` from one clock reading, so it lives exactly `ttlMs`
 * (two readings can straddle a millisecond).
 */
export function lifetime(ttlMs: number): { created_at: string; expires_at: string } {
  const now = Date.now();
  return { created_at: new Date(now).toISOString(), expires_at: new Date(now + ttlMs).toISOString() };
}

/** Pence (stored) to pounds (sent): 123456 -> 1234.56. */
export function pounds(pence: number): number {
  return Math.round(pence) / 100;
}

const ID_BYTES = 12;
/** Bytes drawn from the system's random source at a time: one call for 512 ids, as Node caches them for randomUUID. */
const POOL_BYTES = ID_BYTES * 512;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * Random, URL-safe ids: not guessable, so an id alone never names someone else's record. Each byte
 * is used once; drawing them 6 KB at a time keeps a pay run's 10,000 ids from costing 10,000 calls.
 */
export function newId(prefix: string): string {
  if (poolOffset + ID_BYTES > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const id = pool.toString('base64url', poolOffset, poolOffset + ID_BYTES);
  poolOffset += ID_BYTES;
  return `${prefix}_${id}`;
}
