// One check of a pack: its code finds the pack made (by the code's hash), the file's SHA-256 says
// whether it is the very file handed out. Every answer is logged with a keyed hash of the client's
// address, so the log shows repeated checks from one place without holding anyone's address; rows
// older than PACK_CHECK_LOG_DAYS go as new ones are written.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { keyedHash, safeEqual } from '../secrets';
import { issuedPackByCode } from '../files/proof-of-income/issued-pack-repository';
import { packCodeHash } from '../files/proof-of-income/pack-code';
import { deleteChecksBefore, logPackCheck } from './check-log-repository';
import { PACK_CHECK_LOG_DAYS } from './limits';

export type PackCheckResult = { result: 'genuine'; issuedAt: string } | { result: 'changed' } | { result: 'unknown' };

export type PackCheckRequest = {
  /** A code as typed, already known to be of the code's form (normalisePackCode). */
  code: string;
  /** The SHA-256 of the file, in hex. */
  pdfSha256: string;
  clientAddress: string;
};

export async function checkPack(db: Kysely<Database>, secret: Uint8Array, { code, pdfSha256, clientAddress }: PackCheckRequest): Promise<PackCheckResult> {
  const now = new Date();
  const issued = await issuedPackByCode(db, packCodeHash(code));
  const result: PackCheckResult = !issued
    ? { result: 'unknown' }
    : safeEqual(issued.pdfSha256, pdfSha256.toLowerCase())
      ? { result: 'genuine', issuedAt: issued.createdAt }
      : { result: 'changed' };
  await logPackCheck(db, {
    codeFound: Boolean(issued),
    result: result.result,
    clientHash: keyedHash(secret, `pack-check:${clientAddress}`),
    checkedAt: now,
  });
  await deleteChecksBefore(db, new Date(now.getTime() - PACK_CHECK_LOG_DAYS * 24 * 60 * 60 * 1000));
  return result;
}
