// The packs made, as a lender's check needs them: found by the hash of their code, compared by the
// hash of their bytes. Rows are the person's own (personal-data lists them in "Download my data"
// and deletes them when the account closes).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId, toIso } from '../../db/convert';

export type IssuedPack = {
  codeHash: string;
  pdfSha256: string;
  userId: string;
  employmentId: string;
  firstPayDate: string | null;
  lastPayDate: string | null;
  p60TaxYear: string | null;
  createdAt: Date;
};

export async function recordIssuedPack(db: Kysely<Database>, pack: IssuedPack): Promise<void> {
  await db
    .insertInto('issued_packs')
    .values({
      id: newId('pack'),
      code_hash: pack.codeHash,
      pdf_sha256: pack.pdfSha256,
      user_id: pack.userId,
      employment_id: pack.employmentId,
      first_pay_date: pack.firstPayDate,
      last_pay_date: pack.lastPayDate,
      p60_tax_year: pack.p60TaxYear,
      created_at: pack.createdAt.toISOString(),
    })
    .execute();
}

/** What a check compares: the issued bytes' hash and when the pack was made; undefined for no such code. */
export async function issuedPackByCode(db: Kysely<Database>, codeHash: string): Promise<{ pdfSha256: string; createdAt: string } | undefined> {
  const row = await db.selectFrom('issued_packs').select(['pdf_sha256', 'created_at']).where('code_hash', '=', codeHash).executeTakeFirst();
  return row && { pdfSha256: row.pdf_sha256, createdAt: toIso(row.created_at) };
}

/** A person's packs, newest first, for "Download my data" (the code itself is never kept). */
export async function issuedPacksOf(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('issued_packs')
    .select(['employment_id', 'first_pay_date', 'last_pay_date', 'p60_tax_year', 'pdf_sha256', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    employmentId: row.employment_id,
    firstPayDate: row.first_pay_date,
    lastPayDate: row.last_pay_date,
    p60TaxYear: row.p60_tax_year,
    pdfSha256: row.pdf_sha256,
    madeAt: toIso(row.created_at),
  }));
}
