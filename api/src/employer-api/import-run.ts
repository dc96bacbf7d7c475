// `pnpm --filter api import`: a file of employment records and a pay run, stored for one employer
// through the publishing API's own code path: the same schemas checked by the same compiler
// (http/schema-check.ts), the same rules (rules.ts) and the same repository calls (publish-repository.ts).
// As through the API, each employment record stands alone (a refused one stores nothing of itself),
// and the pay run is stored all or nothing in one transaction.
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { controlCharacterProblem } from '../http/control-characters';
import { schemaCheck } from '../http/schema-check';
import type { Progress } from './import-progress';
import { PublishRepository, randomIds } from './publish-repository';
import { orThrow } from './refusal';
import type { EmploymentUpsert, InternalIds } from './publish-repository';
import { payDocumentContent, storedContent } from './pay-document';
import { checkEmploymentRecord, checkPublishedAt, checkTaxYear } from './rules';
import { preparePayRun } from './pay-run-check';
import {
  DocumentParamsSchema,
  DocumentQuerySchema,
  PayDocumentJsonOnArrivalSchema,
  UpdateInputSchema,
  UpdateParamsSchema,
  EmploymentParamsSchema,
  EmploymentRecordInputSchema,
  IntranetDocumentInputSchema,
  IntranetDocumentParamsSchema,
  PayRunParamsSchema,
} from './schemas';

/**
 * The file: `employments` (records, each with its `employmentId`), `payRun` (`payRunId` and
 * `payslips`), `payDocuments` (each with its `employmentId`, `documentId`, `type`, `taxYear`,
 * `issuedOn` and its `details` or `pdf`), `intranetDocuments` (each with its `documentId`) and
 * `updates` (each with its `updateId`), any of them.
 */
export const ImportFileSchema = Type.Object(
  {
    employments: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    payRun: Type.Optional(Type.Object({ payRunId: Type.Unknown(), payslips: Type.Unknown() }, { additionalProperties: false })),
    payDocuments: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    intranetDocuments: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    updates: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
  },
  { additionalProperties: false, minProperties: 1 },
);

export type Refusal = { where: string; reason: string };

/** What became of items that each stand alone (documents, updates): published, already so, or refused. */
export type EachSummary = { created: number; unchanged: number; refused: Refusal[] };

export type ImportSummary = {
  employments: { created: number; updated: number; unchanged: number; refused: Refusal[] };
  payRun: null | { payRunId: string; payslips: number; outcome: 'created' | 'unchanged' | 'refused'; reason?: string };
  /** Each present when the file has some. */
  payDocuments?: EachSummary;
  intranetDocuments?: EachSummary;
  updates?: EachSummary;
};

/** The stand-alone kinds, in the order they are imported and summed up. */
const EACH = [
  ['payDocuments', 'Pay documents'],
  ['intranetDocuments', 'Intranet documents'],
  ['updates', 'Updates'],
] as const;

const checkFile = schemaCheck(ImportFileSchema);
const checkEmploymentId = schemaCheck(EmploymentParamsSchema);
const checkRecord = schemaCheck(EmploymentRecordInputSchema);
const checkPayRunId = schemaCheck(PayRunParamsSchema);
const checkDocumentId = schemaCheck(IntranetDocumentParamsSchema);
const checkDocument = schemaCheck(IntranetDocumentInputSchema);
const checkUpdateId = schemaCheck(UpdateParamsSchema);
const checkUpdate = schemaCheck(UpdateInputSchema);
const checkPayDocumentIds = schemaCheck(DocumentParamsSchema);
const checkPayDocumentQuery = schemaCheck(DocumentQuerySchema);
const checkPayDocumentBody = schemaCheck(PayDocumentJsonOnArrivalSchema);

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
  // The payRun's payslips are checked with the pay run (pay-run-check.ts); the other parts here, each item on its own.
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
  // Pay documents after the pay run: a P60 comes after the year's payslips, as payroll sends them.
  const publishers: Record<(typeof EACH)[number][0], Publish> = {
    payDocuments: (item, where) => publishPayDocument(repo, employerId, item, where),
    intranetDocuments: (item, where) => publishIntranetDocument(repo, employerId, item, where),
    updates: (item, where) => publishUpdate(repo, employerId, item, where),
  };
  for (const [kind, label] of EACH) {
    const items = file.value[kind];
    if (items) summary[kind] = await importEach(label, kind, items, publishers[kind], progress);
  }
  return summary;
}

/** Checks and publishes one item; answers whether it was created, throws HttpError to refuse it. */
type Publish = (item: Record<string, unknown>, where: string) => Promise<{ created: boolean }>;

/** Refuses an item holding a control character or a lone surrogate, as the API refuses a body. */
function refuseControlCharacters(item: unknown, where: string): void {
  const problem = controlCharacterProblem(item, where);
  if (problem) throw new HttpError(400, problem);
}

/** Refuses with the first problem a check found. */
function accepted<T>(checked: { ok: true; value: T } | { ok: false; problem: string }): T {
  if (!checked.ok) throw new HttpError(400, checked.problem);
  return checked.value;
}

/** Each item stands alone, as through the API: checked, then published once (a changed one under the same id is refused). */
async function importEach(label: string, kind: string, items: Record<string, unknown>[], publish: Publish, progress: Progress): Promise<EachSummary> {
  const result: EachSummary = { created: 0, unchanged: 0, refused: [] };
  progress.stage(label, items.length);
  for (const [index, item] of items.entries()) {
    const where = `${kind}.${index}`;
    progress.update(index + 1);
    try {
      refuseControlCharacters(item, where);
      const { created } = await publish(item, where);
      result[created ? 'created' : 'unchanged']++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      result.refused.push({ where, reason: error.message.startsWith(where) ? error.message : `${where}: ${error.message}` });
    }
  }
  progress.finish();
  return result;
}

function publishIntranetDocument(repo: PublishRepository, employerId: string, { documentId, ...document }: Record<string, unknown>, where: string) {
  const id = accepted(checkDocumentId({ documentId }, where));
  return repo.publishIntranetDocument(employerId, id.documentId, accepted(checkDocument(document, where))).then(orThrow);
}

function publishUpdate(repo: PublishRepository, employerId: string, { updateId, ...update }: Record<string, unknown>, where: string) {
  const id = accepted(checkUpdateId({ updateId }, where));
  const input = accepted(checkUpdate(update, where));
  checkPublishedAt(input.publishedAt, where);
  return repo.publishUpdate(employerId, id.updateId, input).then(orThrow);
}

async function publishPayDocument(repo: PublishRepository, employerId: string, item: Record<string, unknown>, where: string) {
  const { employmentId, documentId, type, taxYear, issuedOn, ...body } = item;
  const ids = accepted(checkPayDocumentIds({ employmentId, documentId }, where));
  const query = accepted(checkPayDocumentQuery({ type, taxYear, issuedOn }, where));
  checkTaxYear(query.taxYear, `${where}.taxYear`);
  const content = await storedContent(payDocumentContent(query, accepted(checkPayDocumentBody(body, where)), where), query.type, `${where}.pdf`);
  const result = await repo.publishDocument(employerId, ids.employmentId, ids.documentId, query, content);
  if (!result) throw new HttpError(400, `${where}.employmentId names no employment of yours: '${ids.employmentId}'`);
  return orThrow(result);
}

/** The records that pass the API's checks, in file order; the others go to `refused`, each naming its field. */
export function acceptedRecords(records: Record<string, unknown>[], refused: Refusal[]): EmploymentUpsert[] {
  const accepted: EmploymentUpsert[] = [];
  const seen = new Map<string, number>();
  records.forEach((item, index) => {
    const where = `employments.${index}`;
    // As the API's preValidation hook does for a body: no control character or lone surrogate, so
    // one bad record is refused here, on its own, rather than by the database (PostgreSQL refuses a
    // NUL for the whole statement).
    const problem = controlCharacterProblem(item, where);
    if (problem) return refused.push({ where, reason: problem });
    const { employmentId, ...record } = item;
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
  try {
    const run = preparePayRun({ payslips: payRun.payslips }, 'payRun');
    progress.stage(`Pay run ${payRunId}`, count);
    const result = orThrow(await repo.publishPayRun(employerId, payRunId, run, (stored) => progress.update(stored)));
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
    ...Object.fromEntries(EACH.flatMap(([kind]) => (summary[kind] ? [[kind, { ...summary[kind], refused: refusals(summary[kind].refused) }]] : []))),
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
  for (const [kind, label] of EACH) {
    const each = summary[kind];
    if (!each) continue;
    lines.push(`${label}: ${each.created} created, ${each.unchanged} unchanged, ${each.refused.length} refused`);
    for (const refusal of each.refused) lines.push(`  refused: ${refusal.reason}`);
  }
  return lines;
}

/** Anything refused makes the command fail (exit 1), so a script calling it notices. */
export function anythingRefused(summary: ImportSummary): boolean {
  return summary.employments.refused.length > 0 || summary.payRun?.outcome === 'refused' || EACH.some(([kind]) => Boolean(summary[kind]?.refused.length));
}

/** Records and payslips the import went through (stored, or found already so). */
export function rowsIn(summary: ImportSummary): number {
  const { created, updated, unchanged } = summary.employments;
  const each = EACH.reduce((sum, [kind]) => sum + (summary[kind] ? summary[kind].created + summary[kind].unchanged : 0), 0);
  return created + updated + unchanged + (summary.payRun && summary.payRun.outcome !== 'refused' ? summary.payRun.payslips : 0) + each;
}
