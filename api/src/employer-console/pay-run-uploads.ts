// Publishing a pay run from the console: a preview (the file checked in a worker thread, then what
// only the database can say: the pay run already published, the records the payslips name), kept an
// hour; then its publication through the employer API's own repository, records and pay run in one
// transaction with the upload's claim and the audit entry: all of it, once, or nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fromJson, newId, toJson } from '../db/convert';
import { PublishRepository, isRefused } from '../employer-api/publish-repository';
import { insertAuditEntry } from './audit-repository';
import type { CheckedBatch, UploadFormat, UploadProblem, UploadTotals } from './pay-run-upload-check';
import type { UploadPool } from './upload-pool';
import { claimUpload, employmentsNamed, findUpload, insertUpload, publishedPayRunHash, setUploadResult, uploadResult } from './uploads-repository';
import { notPublishable, uploadNotFound } from './publish-errors';

export type PayRunPreview = {
  uploadId: string;
  format: UploadFormat;
  payRunId: string | null;
  totals: UploadTotals;
  problems: UploadProblem[];
  publishable: boolean;
  alreadyPublished: boolean;
};

export type PayRunPublished = { payRunId: string; payslips: number; unchanged: boolean };

export type Admin = { userId: string; address: string };

/** Thrown in the publication's transaction to roll it back; the route answers 409. */
class Refusal extends Error {}

export class PayRunUploads {
  private readonly repo: PublishRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pool: UploadPool,
  ) {
    this.repo = new PublishRepository(db);
  }

  async preview(employerId: string, admin: Admin, format: UploadFormat, body: Buffer): Promise<PayRunPreview> {
    const checked = await this.pool.check(format, body);
    const problems = [...checked.problems];
    let alreadyPublished = false;
    const batch = checked.batch;
    if (batch) {
      const earlier = await publishedPayRunHash(this.db, employerId, batch.payRunId);
      if (earlier === batch.run.hash) alreadyPublished = true;
      else if (earlier)
        problems.push({
          row: null,
          field: 'payRunId',
          message: `Pay run '${batch.payRunId}' was already published with different content; publish a correction under a new pay run id`,
        });
      else problems.push(...(await this.recordProblems(employerId, batch, checked.rows)));
    }
    const publishable = problems.length === 0;
    const uploadId = newId('upl');
    const preview: PayRunPreview = { uploadId, format, payRunId: checked.payRunId, totals: checked.totals, problems, publishable, alreadyPublished };
    await insertUpload(this.db, {
      id: uploadId,
      employerId,
      admin: admin.userId,
      format,
      content: publishable && batch ? toJson(batch) : null,
      contentHash: checked.contentHash,
      preview: toJson(preview),
    });
    return preview;
  }

  /** Each payslip names a record of the file or of the employer, and is paid on or after it started. */
  private async recordProblems(employerId: string, batch: CheckedBatch, rows: number[]): Promise<UploadProblem[]> {
    const inFile = new Map(batch.records.map((r) => [r.externalId, r.record.startDate]));
    const stored = await employmentsNamed(
      this.db,
      employerId,
      batch.run.payslips.map((p) => p.employmentId).filter((id) => !inFile.has(id)),
    );
    const problems: UploadProblem[] = [];
    batch.run.payslips.forEach((p, i) => {
      const startDate = inFile.get(p.employmentId) ?? stored.get(p.employmentId)?.startDate;
      const row = rows[i] ?? i + 1;
      if (startDate === undefined)
        problems.push({ row, field: 'employmentId', message: `'${p.employmentId}' is no employee of yours: add their record to the file (employments)` });
      else if (p.payDate < startDate) problems.push({ row, field: 'payDate', message: `${p.payDate} is before the employment started (${startDate})` });
    });
    return problems;
  }

  async publish(employerId: string, uploadId: string, admin: Admin): Promise<PayRunPublished> {
    const upload = await findUpload(this.db, employerId, uploadId);
    if (!upload || upload.format === 'documents') throw uploadNotFound();
    if (upload.published_at) return this.repeat(uploadId);
    if (!upload.content) throw notPublishable();
    const batch = fromJson<CheckedBatch>(upload.content);
    const answer = await this.pool.inTurn(() =>
      this.db
        .transaction()
        .execute(async (trx): Promise<PayRunPublished | null> => {
          if (!(await claimUpload(trx, employerId, uploadId))) return null;
          const outcomes = await this.repo.upsertEmploymentsIn(trx, employerId, batch.records);
          const result = await this.repo.publishPayRunIn(trx, employerId, batch.payRunId, batch.run);
          if (isRefused(result)) throw new Refusal(result.message);
          const published = { payRunId: batch.payRunId, payslips: batch.run.payslips.length };
          const unchanged = !result.created && outcomes.every((o) => o === 'unchanged');
          await setUploadResult(trx, uploadId, toJson(published));
          if (!unchanged) {
            const records = outcomes.filter((o) => o !== 'unchanged').length;
            await insertAuditEntry(trx, {
              employerId,
              actorUserId: admin.userId,
              action: 'publish',
              records: [],
              detail: `Pay run ${batch.payRunId}: ${published.payslips} payslip${published.payslips === 1 ? '' : 's'}${result.created ? '' : ' (already published)'}, ${records} employee record${records === 1 ? '' : 's'} added or changed (${upload.format.toUpperCase()} upload)`,
              address: admin.address,
            });
          }
          return { ...published, unchanged };
        })
        .catch((error: unknown) => {
          if (error instanceof Refusal) throw notPublishable(error.message);
          throw error;
        }),
    );
    return answer ?? this.repeat(uploadId);
  }

  /** An upload published before (by this call's twin, or earlier): what it published, unchanged. */
  private async repeat(uploadId: string): Promise<PayRunPublished> {
    const result = await uploadResult(this.db, uploadId);
    if (!result) throw uploadNotFound();
    return { ...fromJson<Omit<PayRunPublished, 'unchanged'>>(result), unchanged: true };
  }
}
