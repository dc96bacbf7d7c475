// Employer API keys in the database: created and revoked by `pnpm --filter api employer-key`,
// looked up on every call to /employer-api/v1.
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

  async create(keyId: string, employerId: string, secretHash: string): Promise<void> {
    await this.db
      .insertInto('employer_api_keys')
      .values({ id: keyId, employer_id: employerId, secret_hash: secretHash, created_at: nowIso(), revoked_at: null })
      .execute();
  }

  /** True when a live key was revoked now; false when there is no such key or it was revoked before. */
  async revoke(keyId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('employer_api_keys')
      .set({ revoked_at: nowIso() })
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A key that has not been revoked, with its employer. */
  async findLive(keyId: string): Promise<{ employerId: string; secretHash: string } | undefined> {
    const row = await this.db
      .selectFrom('employer_api_keys')
      .select(['employer_id', 'secret_hash'])
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row && { employerId: row.employer_id, secretHash: row.secret_hash };
  }
}
