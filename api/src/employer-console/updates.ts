// Updates an employer's admins post to staff from the console: stored by the employer API's own
// repository (the `updates` table, one row under a new id), with the audit entry in the same
// transaction. Employees see them in their Recent updates.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../db/convert';
import { PublishRepository, isRefused } from '../employer-api/publish-repository';
import { insertAuditEntry } from './audit-repository';
import type { KeyActor } from './keys';

export const UPDATE_HEADER_LENGTH = { min: 3, max: 120 };
export const UPDATE_FROM_LENGTH = { min: 1, max: 60 };

export async function postUpdate(
  db: Kysely<Database>,
  employerId: string,
  input: { header: string; from: string },
  actor: KeyActor,
): Promise<{ id: string; createdAt: string }> {
  const id = newId('upd');
  const createdAt = new Date().toISOString();
  const header = input.header.trim();
  const from = input.from.trim();
  await db.transaction().execute(async (trx) => {
    // The row's id is also its id in the employer's own namespace (as the API's updates have one): new, so stored once.
    const stored = await new PublishRepository(trx, () => id).publishUpdate(employerId, id, { header, from, publishedAt: createdAt });
    if (isRefused(stored)) throw new Error(stored.message);
    await insertAuditEntry(trx, {
      employerId,
      actorUserId: actor.userId,
      action: 'update_posted',
      records: [],
      detail: `Posted an update from ${from}: ${header}`,
      address: actor.address,
    });
  });
  return { id, createdAt };
}
