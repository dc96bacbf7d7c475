// The console's uploads, kept an hour between their preview and their publication (migration 023),
// always within one employer. Publishing claims an upload with one UPDATE … WHERE published_at IS
// NULL in the publication's transaction, so however many publishes of it race, one publishes.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { lifetime, nowIso } from '../db/convert';

/** An hour to publish what was previewed. */
export const UPLOAD_TTL_MS = 3600_000;

export type NewUpload = {
  id: string;
  employerId: string;
  admin: string;
  format: 'json' | 'csv' | 'documents';
  /** The checked batch (JSON), or null when it may not be published. */
  content: string | null;
  contentHash: string;
  preview: string;
};

/** Stores an upload (and its files, in order), dropping the employer's expired ones first. */
export async function insertUpload(db: Kysely<Database>, upload: NewUpload, files: Buffer[] = []): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const expired = trx.selectFrom('console_uploads').select('id').where('employer_id', '=', upload.employerId).where('expires_at', '<', nowIso());
    await trx.deleteFrom('console_upload_files').where('upload_id', 'in', expired).execute();
    await trx.deleteFrom('console_uploads').where('employer_id', '=', upload.employerId).where('expires_at', '<', nowIso()).execute();
    await trx
      .insertInto('console_uploads')
      .values({
        id: upload.id,
        employer_id: upload.employerId,
        admin: upload.admin,
        format: upload.format,
        content: upload.content,
        content_hash: upload.contentHash,
        preview: upload.preview,
        ...lifetime(UPLOAD_TTL_MS),
        published_at: null,
        result: null,
      })
      .execute();
    for (const [position, content] of files.entries())
      await trx.insertInto('console_upload_files').values({ upload_id: upload.id, position, content }).execute();
  });
}

/** The employer's upload, unless it expired. */
export function findUpload(db: Kysely<Database>, employerId: string, id: string) {
  return db
    .selectFrom('console_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('employer_id', '=', employerId)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
}

export type UploadRow = NonNullable<Awaited<ReturnType<typeof findUpload>>>;

/** Marks the upload published; false when it already was (or expired meanwhile). */
export async function claimUpload(trx: Transaction<Database>, employerId: string, id: string): Promise<boolean> {
  const now = nowIso();
  const result = await trx
    .updateTable('console_uploads')
    .set({ published_at: now })
    .where('id', '=', id)
    .where('employer_id', '=', employerId)
    .where('published_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What publishing the upload answered, kept for a repeat. */
export async function setUploadResult(trx: Transaction<Database>, id: string, result: string): Promise<void> {
  await trx.updateTable('console_uploads').set({ result }).where('id', '=', id).execute();
}

/** The result a publish of the upload stored, once it committed. */
export async function uploadResult(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom('console_uploads').select('result').where('id', '=', id).executeTakeFirst();
  return row?.result ?? null;
}

/** The PDFs of a documents upload, in order. */
export async function uploadFiles(db: Kysely<Database>, id: string): Promise<Buffer[]> {
  const rows = await db.selectFrom('console_upload_files').select(['content']).where('upload_id', '=', id).orderBy('position').execute();
  return rows.map((row) => Buffer.from(row.content));
}

/** The content hash of the employer's pay run `payRunId`, if published. */
export async function publishedPayRunHash(db: Kysely<Database>, employerId: string, payRunId: string): Promise<string | null> {
  const row = await db
    .selectFrom('employer_pay_runs')
    .select('content_hash')
    .where('employer_id', '=', employerId)
    .where('id', '=', payRunId)
    .executeTakeFirst();
  return row?.content_hash ?? null;
}

/** The employer's records among `externalIds`: their start date and the employee's name. */
export async function employmentsNamed(
  db: Kysely<Database>,
  employerId: string,
  externalIds: string[],
): Promise<Map<string, { startDate: string; name: string }>> {
  const found = new Map<string, { startDate: string; name: string }>();
  const wanted = [...new Set(externalIds)];
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('employments')
      .select(['external_id', 'start_date', 'employee_name'])
      .where('employer_id', '=', employerId)
      .where('external_id', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.external_id!, { startDate: row.start_date, name: row.employee_name });
  }
  return found;
}
