// Every linking attempt (send, confirm, finalize) runs in one transaction that first locks the
// user's row: counting the user's earlier attempts, deciding, and recording this one cannot
// interleave with another attempt of the same user, so parallel requests cannot all read "under
// the limit". Failures are answers, not exceptions: an attempt returns its HttpError, the
// transaction commits what it recorded, and only then is the error thrown.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { lockUserRow } from './repository';
import type { Trx } from './repository';
import { HttpError } from '../http/errors';

export async function inUserLock<T>(db: Kysely<Database>, dialect: DialectName, userId: string, work: (trx: Trx) => Promise<T | HttpError>): Promise<T> {
  const result = await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, dialect, userId);
    return work(trx);
  });
  if (result instanceof HttpError) throw result;
  return result;
}

/** An attempt by a signed-in user (their app user record exists from sign-in; failures are recorded against it). */
export async function attempt<T>(db: Kysely<Database>, dialect: DialectName, userId: string, work: (trx: Trx) => Promise<T | HttpError>): Promise<T> {
  return inUserLock(db, dialect, userId, work);
}
