// The limits of a person's own data requests, counted in throttle_counters (throttle/throttle.ts),
// so they hold across API processes and for any number of requests at once.
import type { Counter, Limit } from '../throttle/throttle';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A my-data ZIP draws every payslip and document the person has: three an hour is plenty for a person and little for the PDF workers. */
export const MY_DATA_LIMIT: Limit = { max: 3, windowMs: HOUR };
export const myDataCounter = (userId: string): Counter => ({ key: `my-data:user:${userId}`, limit: MY_DATA_LIMIT });

/** Codes e-mailed to confirm closing an account: each is an e-mail, so a few a quarter of an hour. */
export const CLOSING_CODE_SENDS: Limit = { max: 3, windowMs: 15 * MINUTE };
export const closingCodeCounter = (userId: string): Counter => ({ key: `closing-code:user:${userId}`, limit: CLOSING_CODE_SENDS });

/** An e-mailed closing code works for 10 minutes, once, and is checked at most 5 times. */
export const CLOSING_CODE_TTL_MS = 10 * MINUTE;
export const CLOSING_CODE_MAX_TRIES = 5;
