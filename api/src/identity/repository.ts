// Identity users: the local stand-in for FusionAuth's user store (in production the identity module
// forwards to FusionAuth's user API instead).
import type { Kysely, Selectable } from 'kysely';
import type { Database, IdentityUserTable } from '../db/schema';
import { nowIso } from '../db/convert';
import type { DialectName } from '../db/connect';
import { forUpdate } from '../db/row-lock';
import crypto from 'node:crypto';

export type IdentityRow = Selectable<IdentityUserTable>;

/** FusionAuth's user shape (the subset the portal uses). */
export type FusionAuthUser = {
  id: string;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  mobilePhone: string | null;
  birthDate: string | null;
  data: { niNumber: string | null };
};

export type IdentityPatch = Partial<{
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  mobilePhone: string | null;
  birthDate: string | null;
  niNumber: string | null;
}>;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** NI numbers are stored upper case without spaces ('qq 12 34 56 c' -> 'QQ123456C'). */
export function normaliseNiNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function toFusionAuthUser(row: IdentityRow): FusionAuthUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    mobilePhone: row.mobile_phone,
    birthDate: row.birth_date,
    data: { niNumber: row.ni_number },
  };
}

/** OpenID Connect claims, as FusionAuth's /app/me/ returns them. */
export function toClaims(row: IdentityRow) {
  return {
    sub: row.id,
    email: row.email,
    email_verified: true,
    given_name: row.first_name,
    middle_name: row.middle_name ?? undefined,
    family_name: row.last_name,
    name: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' '),
    phone_number: row.mobile_phone ?? undefined,
    birthdate: row.birth_date ?? undefined,
  };
}

export class IdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Locks the user's row (PostgreSQL; SQLite writes one at a time anyway) while its password hash is
   * still `passwordHash`: false when the password has changed since.
   */
  async lockWhilePasswordIs(dialect: DialectName, userId: string, passwordHash: string): Promise<boolean> {
    const row = await forUpdate(
      this.db.selectFrom('identity_users').select('id').where('id', '=', userId).where('password_hash', '=', passwordHash),
      dialect,
    ).executeTakeFirst();
    return row !== undefined;
  }

  findById(id: string): Promise<IdentityRow | undefined> {
    return this.db.selectFrom('identity_users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<IdentityRow | undefined> {
    return this.db.selectFrom('identity_users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  }

  async create(input: {
    id?: string;
    email: string;
    passwordHash: string;
    firstName: string;
    middleName?: string | null;
    lastName: string;
    mobilePhone?: string | null;
    birthDate?: string | null;
    niNumber?: string | null;
  }): Promise<IdentityRow> {
    const now = nowIso();
    const row: IdentityRow = {
      id: input.id ?? crypto.randomUUID(),
      email: normaliseEmail(input.email),
      password_hash: input.passwordHash,
      first_name: input.firstName,
      middle_name: input.middleName || null,
      last_name: input.lastName,
      mobile_phone: input.mobilePhone || null,
      birth_date: input.birthDate || null,
      ni_number: input.niNumber ? normaliseNiNumber(input.niNumber) : null,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('identity_users').values(row).execute();
    return row;
  }

  /**
   * The NI number an identity check proved (the employer's record, already normalised), kept as the
   * user's own when they have given none: their profile shows it at once. One they gave stays.
   */
  async keepProvenNiNumber(id: string, niNumber: string): Promise<void> {
    await this.db
      .updateTable('identity_users')
      .set({ ni_number: niNumber, updated_at: nowIso() })
      .where('id', '=', id)
      .where('ni_number', 'is', null)
      .execute();
  }

  /** Merges the given fields (FusionAuth PATCH semantics); null clears an optional field. */
  async update(id: string, patch: IdentityPatch): Promise<IdentityRow | undefined> {
    const set: Partial<IdentityRow> = {};
    if (patch.email !== undefined) set.email = normaliseEmail(patch.email);
    if (patch.firstName !== undefined) set.first_name = patch.firstName.trim();
    if (patch.middleName !== undefined) set.middle_name = patch.middleName?.trim() || null;
    if (patch.lastName !== undefined) set.last_name = patch.lastName.trim();
    if (patch.mobilePhone !== undefined) set.mobile_phone = patch.mobilePhone?.trim() || null;
    if (patch.birthDate !== undefined) set.birth_date = patch.birthDate || null;
    if (patch.niNumber !== undefined) set.ni_number = patch.niNumber ? normaliseNiNumber(patch.niNumber) : null;
    if (Object.keys(set).length > 0) {
      await this.db
        .updateTable('identity_users')
        .set({ ...set, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    }
    return this.findById(id);
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('identity_users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', id).execute();
  }

  /**
   * The same password stored under a stronger hash: only while the row still holds `current` (a
   * change that landed meanwhile wins), and not a change of the account (updated_at stays). False
   * when the row held another hash.
   */
  async replacePasswordHash(id: string, current: string, stronger: string): Promise<boolean> {
    const result = await this.db
      .updateTable('identity_users')
      .set({ password_hash: stronger })
      .where('id', '=', id)
      .where('password_hash', '=', current)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
