// PostgreSQL's time limits (SQLite has one: its busy_timeout, set in connect.ts). Without them a request waits for a pool connection for ever, and a
// statement stuck behind a lock holds its connection until the lock goes: under load every request
// then queues in memory behind it. With them the request fails fast with 503 and Retry-After, and
// the connection goes back to the pool.
import type pg from 'pg';
import type { PgTimeouts } from '../config';

/** The pool's options for these limits: the server-side two are sent as each connection's settings. */
export function pgTimeoutOptions(
  timeouts: PgTimeouts,
): Pick<pg.PoolConfig, 'connectionTimeoutMillis' | 'statement_timeout' | 'idle_in_transaction_session_timeout'> {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
    ...(timeouts.idleInTransactionMs > 0 ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionMs } : {}),
  };
}

/** pg-pool's error when no connection came free in time, and pg's when a new one did not connect in time. */
const NO_CONNECTION_IN_TIME = ['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout'];
/** PostgreSQL's query_canceled (statement_timeout ended a statement); SQLite's lock wait (busy_timeout) ran out. */
const BUSY_CODES = ['57014', 'SQLITE_BUSY'];

/** True for an error that means "the database is too busy right now": worth a retry, not a bug. */
export function isDatabaseBusy(error: unknown): boolean {
  // Read by shape, not `instanceof Error`: a native driver's error may come from another realm.
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return BUSY_CODES.includes(String(code)) || (typeof message === 'string' && NO_CONNECTION_IN_TIME.includes(message));
}
