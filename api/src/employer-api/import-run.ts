// `pnpm --filter api import`: a file of employment records and a pay run, stored for one employer
// through the publishing API's own code path: the same schemas checked by the same compiler
// (http/schema-check.ts), the same rules (rules.ts) and the same repository calls (publish-repository.ts).
// As through the API, each employment record stands alone (a refused one stores nothing of itself),
// and the pay run is stored all or nothing in one transaction.
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { schemaCheck } from '../http/schema-check';
import type { Progress } from './import-progress';
import { PublishRepository, randomIds } from './publish-repository';
import type { EmploymentUpsert, InternalIds } from './publish-repository';
import { checkEmploymentRecord, checkPayRun } from './rules';
import {
  EmploymentParamsSchema,
  EmploymentRecordInputSchema,
  IntranetDocumentInputSchema,
  IntranetDocumentParamsSchema,
  PayRunInputSchema,
  PayRunParamsSchema,
} from './schemas';

/**
 * The file: `employments` (records, each with its `employmentId`), `payRun` (`payRunId` and
 * `payslips`) and `intranetDocuments` (each with its `documentId`), any of them.
 */
export const ImportFileSchema = Type.Object(
  {
    employments: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    payRun: Type.Optional(Type.Object({ payRunId: Type.Unknown(), payslips: Type.Unknown() }, { additionalProperties: false })),
    intranetDocuments: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
  },
  { additionalProperties: false, minProperties: 1 },
);

export type Refusal = { where: string; reason: string };

export type ImportSummary = {
  employments: { created: number; updated: number; unchanged: number; refused: Refusal[] };
  payRun: null | { payRunId: string; payslips: number; outcome: 'created' | 'unchanged' | 'refused'; reason?: string };
  /** Present when the file has intranet documents. */
  intranetDocuments?: { created: number; unchanged: number; refused: Refusal[] };
};

const checkFile = schemaCheck(ImportFileSchema);
const checkEmploymentId = schemaCheck(EmploymentParamsSchema);
const checkRecord = schemaCheck(EmploymentRecordInputSchema);
const checkPayRunId = schemaCheck(PayRunParamsSchema);
const checkPayRunBody = schemaCheck(PayRunInputSchema);
const checkDocumentId = schemaCheck(IntranetDocumentParamsSchema);
const checkDocument = schemaCheck(IntranetDocumentInputSchema);

/** The API names fields from `body`; in a file the pay run's fields are under `payRun`. */
const inFile = (message: string) => message.replace(/^body\./, 'payRun.');

/** Thrown when the file as a whole is not an import file; nothing is stored. */
export class ImportFileError extends Error {}

/** `ids`: how stored rows get their internal ids (random, as through the API, unless the demo seed says). */
export async function runImport(
  db: Kysely<Database>,
  employerId: string,
  data: unknown,
  progress: Progress,
  ids: InternalIds = randomIds,
): Promise<ImportSummary> {
  const file = checkFile(data, 'file');
  if (!file.ok) throw new ImportFileError(file.problem);
  const repo = new PublishRepository(db, ids);
  const summary: ImportSummary = { employments: { created: 0, updated: 0, unchanged: 0, refused: [] }, payRun: null };

  const records = file.value.employments ?? [];
  const accepted = acceptedRecords(records, summary.employments.refused);
  if (records.length) {
    progress.stage('Employment records', accepted.length);
    const outcomes = await repo.upsertEmployments(employerId, accepted, (done) => progress.update(done));
    for (const outcome of outcomes) summary.employments[outcome]++;
    progress.finish();
  }

  if (file.value.payRun) summary.payRun = await importPayRun(repo, employerId, file.value.payRun, progress);
  if (file.value.intranetDocuments) summary.intranetDocuments = await importIntranetDocuments(repo, employerId, file.value.intranetDocuments, progress);
  return summary;
}

/** Each intranet document stands alone, as through the API: checked, then published once (a changed one under the same id is refused). */
async function importIntranetDocuments(
  repo: PublishRepository,
  employerId: string,
  documents: Record<string, unknown>[],
  progress: Progress,
): Promise<NonNullable<ImportSummary['intranetDocuments']>> {
  const result = { created: 0, unchanged: 0, refused: [] as Refusal[] };
  progress.stage('Intranet documents', documents.length);
  for (const [index, { documentId, ...document }] of documents.entries()) {
    const where = `intranetDocuments.${index}`;
    progress.update(index + 1);
    const id = checkDocumentId({ documentId }, where);
    if (!id.ok) {
      result.refused.push({ where, reason: id.problem });
      continue;
    }
    const checked = checkDocument(document, where);
    if (!checked.ok) {
      result.refused.push({ where, reason: checked.problem });
      continue;
    }
    try {
      const { created } = await repo.publishIntranetDocument(employerId, id.value.documentId, checked.value);
      result[created ? 'created' : 'unchanged']++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      result.refused.push({ where, reason: `${where}: ${error.message}` });
    }
  }
  progress.finish();
  return result;
}

/** The records that pass the API's checks, in file order; the others go to `refused`, each naming its field. */
function acceptedRecords(records: Record<string, unknown>[], refused: Refusal[]): EmploymentUpsert[] {
  const accepted: EmploymentUpsert[] = [];
  const seen = new Map<string, number>();
  records.forEach(({ employmentId, ...record }, index) => {
    const where = `employments.${index}`;
    const id = checkEmploymentId({ employmentId }, where);
    if (!id.ok) return refused.push({ where, reason: id.problem });
    const externalId = id.value.employmentId;
    const earlier = seen.get(externalId);
    if (earlier !== undefined) return refused.push({ where, reason: `${where}.employmentId repeats employments.${earlier}'s id '${externalId}'` });
    seen.set(externalId, index);
    const checked = checkRecord(record, where);
    if (!checked.ok) return refused.push({ where, reason: checked.problem });
    try {
      checkEmploymentRecord(checked.value, where);
    } catch (error) {
      if (error instanceof HttpError) return refused.push({ where, reason: error.message });
      throw error;
    }
    accepted.push({ externalId, record: checked.value });
  });
  return accepted;
}

/** All the pay run's payslips, or none: the first refusal names its field and stores nothing. */
async function importPayRun(
  repo: PublishRepository,
  employerId: string,
  payRun: { payRunId: unknown; payslips: unknown },
  progress: Progress,
): Promise<NonNullable<ImportSummary['payRun']>> {
  const count = Array.isArray(payRun.payslips) ? payRun.payslips.length : 0;
  const id = checkPayRunId({ payRunId: payRun.payRunId }, 'payRun');
  const payRunId = id.ok ? id.value.payRunId : String(payRun.payRunId);
  const refused = (reason: string) => ({ payRunId, payslips: count, outcome: 'refused' as const, reason });
  if (!id.ok) return refused(id.problem);
  const body = checkPayRunBody({ payslips: payRun.payslips }, 'payRun');
  if (!body.ok) return refused(body.problem);
  try {
    checkPayRun(body.value.payslips, 'payRun');
    progress.stage(`Pay run ${payRunId}`, count);
    const result = await repo.publishPayRun(employerId, payRunId, body.value, (stored) => progress.update(stored));
    progress.finish();
    return { payRunId, payslips: count, outcome: result.created ? 'created' : 'unchanged' };
  } catch (error) {
    if (error instanceof HttpError) return refused(inFile(error.message));
    throw error;
  }
}

/** The summary with each refusal's reason reworded (a CSV names its rows and columns). */
export function reworded(summary: ImportSummary, reword: (reason: string) => string): ImportSummary {
  const refusals = (list: Refusal[]) => list.map((r) => ({ ...r, reason: reword(r.reason) }));
  return {
    ...summary,
    employments: { ...summary.employments, refused: refusals(summary.employments.refused) },
    payRun: summary.payRun?.reason ? { ...summary.payRun, reason: reword(summary.payRun.reason) } : summary.payRun,
    ...(summary.intranetDocuments ? { intranetDocuments: { ...summary.intranetDocuments, refused: refusals(summary.intranetDocuments.refused) } } : {}),
  };
}

/** The summary as the command prints it. */
export function summaryLines(summary: ImportSummary): string[] {
  const { employments, payRun } = summary;
  const lines = [
    `Employment records: ${employments.created} created, ${employments.updated} updated, ${employments.unchanged} unchanged, ${employments.refused.length} refused`,
  ];
  for (const refusal of employments.refused) lines.push(`  refused: ${refusal.reason}`);
  if (payRun) {
    const payslips = `${payRun.payslips} payslip${payRun.payslips === 1 ? '' : 's'}`;
    if (payRun.outcome === 'created') lines.push(`Pay run ${payRun.payRunId}: created, ${payslips}`);
    else if (payRun.outcome === 'unchanged') lines.push(`Pay run ${payRun.payRunId}: unchanged (already published with the same content), ${payslips}`);
    else lines.push(`Pay run ${payRun.payRunId}: refused, none of its ${payslips} stored`, `  refused: ${payRun.reason}`);
  }
  const documents = summary.intranetDocuments;
  if (documents) {
    lines.push(`Intranet documents: ${documents.created} created, ${documents.unchanged} unchanged, ${documents.refused.length} refused`);
    for (const refusal of documents.refused) lines.push(`  refused: ${refusal.reason}`);
  }
  return lines;
}

/** Anything refused makes the command fail (exit 1), so a script calling it notices. */
export function anythingRefused(summary: ImportSummary): boolean {
  return summary.employments.refused.length > 0 || summary.payRun?.outcome === 'refused' || Boolean(summary.intranetDocuments?.refused.length);
}

/** Records and payslips the import went through (stored, or found already so). */
export function rowsIn(summary: ImportSummary): number {
  const { created, updated, unchanged } = summary.employments;
  const documents = summary.intranetDocuments ? summary.intranetDocuments.created + summary.intranetDocuments.unchanged : 0;
  return created + updated + unchanged + (summary.payRun && summary.payRun.outcome !== 'refused' ? summary.payRun.payslips : 0) + documents;
}
