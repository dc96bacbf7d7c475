// Employer API keys in the database: created and revoked by `pnpm --filter api employer-key` and in
// the employer console, looked up on every call to /employer-api/v1. Give it a transaction to write
// within one.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';

export class EmployerKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async employerName(employerId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('employers').select('name').where('id', '=', employerId).executeTakeFirst();
    return row?.name;
  }

  /** Adds the employer unless it exists; true when it was added. */
  async addEmployer(employerId: string, name: string): Promise<boolean> {
    const added = await this.db
      .insertInto('employers')
      .values({ id: employerId, name })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return Boolean(added);
  }

  /** Sets what payslips, P60s and P45s print of the employer: its address (lines joined by newlines) and PAYE reference. */
  async setEmployerDetails(employerId: string, details: { address?: string; payeReference?: string }): Promise<void> {
    const set = {
      ...(details.address !== undefined ? { address: details.address } : {}),
      ...(details.payeReference !== undefined ? { paye_reference: details.payeReference } : {}),
    };
    if (Object.keys(set).length) await this.db.updateTable('employers').set(set).where('id', '=', employerId).execute();
  }

  /** `by`: the admin who made it in the console, and the name they gave it (absent: the command). */
  async create(keyId: string, employerId: string, secretHash: string, by?: { userId: string; name: string | null }): Promise<string> {
    const createdAt = nowIso();
    await this.db
      .insertInto('employer_api_keys')
      .values({
        id: keyId,
        employer_id: employerId,
        secret_hash: secretHash,
        created_at: createdAt,
        revoked_at: null,
        name: by?.name ?? null,
        created_by: by?.userId ?? null,
        last_used_at: null,
      })
      .execute();
    return createdAt;
  }

  /**
   * True when a live key was revoked now (one conditional UPDATE: of many revokes at once, one wins);
   * false when there is no such key (of that employer, when one is named) or it was revoked before.
   */
  async revoke(keyId: string, employerId?: string): Promise<boolean> {
    let query = this.db.updateTable('employer_api_keys').set({ revoked_at: nowIso() }).where('id', '=', keyId).where('revoked_at', 'is', null);
    if (employerId !== undefined) query = query.where('employer_id', '=', employerId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A key that has not been revoked, with its employer and when a call last used it. */
  async findLive(keyId: string): Promise<{ employerId: string; secretHash: string; lastUsedAt: string | Date | null } | undefined> {
    const row = await this.db
      .selectFrom('employer_api_keys')
      .select(['employer_id', 'secret_hash', 'last_used_at'])
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row && { employerId: row.employer_id, secretHash: row.secret_hash, lastUsedAt: row.last_used_at ?? null };
  }

  /**
   * Records that a call used the key, unless one did less than `everyMs` ago: a conditional UPDATE,
   * so however many calls arrive at once, at most one write lands in each interval. True when it wrote.
   */
  async markUsed(keyId: string, everyMs: number): Promise<boolean> {
    const now = nowIso();
    const result = await this.db
      .updateTable('employer_api_keys')
      .set({ last_used_at: now })
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', nowIso(-everyMs))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The employer's keys, newest first, with the admin who made each (never a secret or its hash). */
  keysOf(employerId: string, keyId?: string) {
    let query = this.db
      .selectFrom('employer_api_keys')
      .leftJoin('identity_users', 'identity_users.id', 'employer_api_keys.created_by')
      .select([
        'employer_api_keys.id',
        'employer_api_keys.name',
        'employer_api_keys.created_at',
        'employer_api_keys.last_used_at',
        'employer_api_keys.revoked_at',
        'identity_users.first_name',
        'identity_users.last_name',
        'identity_users.email',
      ])
      .where('employer_api_keys.employer_id', '=', employerId)
      .orderBy('employer_api_keys.created_at', 'desc')
      .orderBy('employer_api_keys.id', 'desc');
    if (keyId !== undefined) query = query.where('employer_api_keys.id', '=', keyId);
    return query.execute();
  }
}

export type EmployerKeyRow = Awaited<ReturnType<EmployerKeyRepository['keysOf']>>[number];
