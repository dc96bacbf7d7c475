// The employer API keys an employer's admins make and revoke in the console. A key is shown once,
// when made: only the hash of its secret is kept (employer-api/keys.ts), and neither the secret nor
// its hash reaches the audit log, the log or any later answer. Revoking is one conditional UPDATE in
// the transaction that writes its audit entry, so of many revokes at once one succeeds, with one entry.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toIso } from '../db/convert';
import { EmployerKeyRepository } from '../employer-api/key-repository';
import type { EmployerKeyRow } from '../employer-api/key-repository';
import { generateKey, keyPrefix } from '../employer-api/keys';
import { insertAuditEntry } from './audit-repository';
import { keyNotFound, keyRevoked } from './errors';

export type ConsoleKey = {
  id: string;
  prefix: string;
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: { name: string; email: string } | null;
};

/** Who asks, and from where (the audit log records both). */
export type KeyActor = { userId: string; address: string };

function toConsoleKey(row: EmployerKeyRow): ConsoleKey {
  return {
    id: row.id,
    prefix: keyPrefix(row.id),
    name: row.name ?? null,
    createdAt: toIso(row.created_at),
    lastUsedAt: row.last_used_at ? toIso(row.last_used_at) : null,
    revokedAt: row.revoked_at ? toIso(row.revoked_at) : null,
    createdBy: row.email ? { name: [row.first_name, row.last_name].filter(Boolean).join(' '), email: row.email } : null,
  };
}

const named = (name: string | null) => (name ? ` (${name})` : '');

export class ConsoleKeys {
  private readonly keys: EmployerKeyRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.keys = new EmployerKeyRepository(db);
  }

  async list(employerId: string): Promise<{ keys: ConsoleKey[] }> {
    return { keys: (await this.keys.keysOf(employerId)).map(toConsoleKey) };
  }

  /** Makes a key; answers it with its secret, the one time the secret is shown. */
  async create(employerId: string, name: string | null, actor: KeyActor): Promise<{ key: ConsoleKey; secret: string }> {
    const key = generateKey();
    await this.db.transaction().execute(async (trx) => {
      await new EmployerKeyRepository(trx).create(key.keyId, employerId, key.secretHash, { userId: actor.userId, name });
      await insertAuditEntry(trx, {
        employerId,
        actorUserId: actor.userId,
        action: 'key_created',
        records: [],
        detail: `Created API key ${keyPrefix(key.key)}…${named(name)}`,
        address: actor.address,
      });
    });
    const [row] = await this.keys.keysOf(employerId, key.keyId);
    return { key: toConsoleKey(row!), secret: key.key };
  }

  /** Revokes one of the employer's live keys: /employer-api/v1 refuses it from the next call. */
  async revoke(employerId: string, keyId: string, actor: KeyActor): Promise<{ revoked: true }> {
    const revoked = await this.db.transaction().execute(async (trx) => {
      if (!(await new EmployerKeyRepository(trx).revoke(keyId, employerId))) return false;
      const [row] = await new EmployerKeyRepository(trx).keysOf(employerId, keyId);
      await insertAuditEntry(trx, {
        employerId,
        actorUserId: actor.userId,
        action: 'key_revoked',
        records: [],
        detail: `Revoked API key ${keyPrefix(keyId)}…${named(row?.name ?? null)}`,
        address: actor.address,
      });
      return true;
    });
    if (revoked) return { revoked: true };
    // Not revoked now: another employer's or no key at all (404), or one revoked before (409).
    const [row] = await this.keys.keysOf(employerId, keyId);
    throw row ? keyRevoked() : keyNotFound();
  }
}
