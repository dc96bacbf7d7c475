// How much a lender's check may ask. An address gets enough checks for a busy office's day of
// applications, and far too few to find a pack by guessing its 80-bit code; the upload is bounded
// well above any pack (a few hundred KB with an uploaded P60), refused from its declared length.
import type { Counter, Limit } from '../throttle/throttle';
import { addressKey } from '../auth/throttle-rules';

export const PACK_CHECK_LIMIT: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

export const packCheckCounter = (ip: string): Counter => ({ key: `pack-check:address:${addressKey(ip)}`, limit: PACK_CHECK_LIMIT });

export const PACK_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Room for the form's other fields and the multipart boundaries and headers. */
export const PACK_UPLOAD_OVERHEAD = 16 * 1024;

/** How long the log of checks keeps a row: long enough to see a pattern of guessing, as the sign-in history does. */
export const PACK_CHECK_LOG_DAYS = 90;
