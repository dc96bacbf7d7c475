// What the publishing API stores, always within one employer: its employment records (by its own
// ids) and its pay runs. Idempotency rests on unique keys and INSERT … ON CONFLICT, never on a read
// before a write, so a burst of identical calls stores one copy on SQLite and on PostgreSQL alike.
import { createHash } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { newId, nowIso, toBool, toJson } from '../db/convert';
import { queueNotices } from '../notifications/notice-repository';
import { contentHash } from './content-hash';
import { documentDetails, p60Figures } from './pay-document';
import type { PayDocumentContent } from './pay-document';
import { DOCUMENT_TYPES } from './schemas';
import type { DocumentQuery, IntranetDocumentInput, UpdateInput, EmploymentRecord, EmploymentRecordInput, PayRunResult } from './schemas';
import type { PreparedPayRun, PreparedPayslip } from './pay-run-check';

/** Rows per INSERT: SQLite allows a limited number of bound values in one statement. */
const PAYSLIP_CHUNK = 200;
/** 15 columns a row: 250 rows stay far below SQLite's 32,766 bound values. */
const EMPLOYMENT_CHUNK = 250;

function employmentColumns(record: EmploymentRecordInput) {
  return {
    employee_name: record.employeeName.trim(),
    contact_email: record.email ?? null,
    mobile_phone: record.mobilePhone ?? null,
    ni_number: record.niNumber,
    bank_last4: record.bankLast4,
    birth_date: record.birthDate,
    tax_code: record.taxCode.replace(/\s*(M1|W1|X)$/, ''),
    active: !record.endDate,
    start_date: record.startDate,
    end_date: record.endDate ?? null,
    payroll_number: record.payrollNumber ?? null,
    student_loan_plan: record.studentLoanPlan ?? null,
  };
}

/**
 * How a published row gets its internal id from its prefix ('em', 'ps', …) and the employer's own id.
 * Random by default; the demo seed keeps the employer's ids, which its tests and docs name.
 */
/**
 * Why a publication was refused, as data: the caller chooses the answer (the routes 409 for a
 * conflict, 400 for invalid; the import command lists it). `message` names the field or id.
 */
export type Refused = { refused: 'conflict' | 'invalid'; message: string };
export const isRefused = (result: object): result is Refused => 'refused' in result;

/** Thrown inside a transaction to roll it back; the method returns its refusal. */
class Rollback extends Error {
  constructor(readonly refusal: Refused) {
    super(refusal.message);
  }
}

/** Runs `work` in a transaction whose Rollback becomes the method's answer. */
async function orRefused<T>(work: () => Promise<T>): Promise<T | Refused> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Rollback) return error.refusal;
    throw error;
  }
}

export type InternalIds = (prefix: string, externalId: string) => string;
export const randomIds: InternalIds = (prefix) => newId(prefix);
export const externalIds: InternalIds = (_prefix, externalId) => externalId;

/** A new row: not linked to anyone yet, no failed checks. */
function employmentRow(employerId: string, externalId: string, record: EmploymentRecordInput, ids: InternalIds) {
  return {
    id: ids('em', externalId),
    employer_id: employerId,
    external_id: externalId,
    user_id: null,
    invitation_token_hash: null,
    failed_checks: 0,
    locked_at: null,
    linked_at: null,
    ...employmentColumns(record),
  };
}

/** The columns a record sets (all but the linking state, which is the employee's). */
const EMPLOYMENT_COLUMNS = Object.keys(
  employmentColumns({ employeeName: '', niNumber: '', bankLast4: '', birthDate: '', taxCode: '', startDate: '' }),
) as (keyof ReturnType<typeof employmentColumns>)[];

export type EmploymentUpsert = { externalId: string; record: EmploymentRecordInput };
export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

export class PublishRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ids: InternalIds = randomIds,
  ) {}

  /** Creates or updates the employer's record `externalId`; `created` says which. */
  async upsertEmployment(employerId: string, externalId: string, record: EmploymentRecordInput): Promise<{ created: boolean }> {
    const [outcome] = await this.upsertEmployments(employerId, [{ externalId, record }]);
    return { created: outcome === 'created' };
  }

  /**
   * Creates or updates many records in one transaction, a chunk of rows per statement; answers, in
   * order, whether each was created, updated or already so. Which rows are new is what the INSERT
   * itself stored (ON CONFLICT DO NOTHING … RETURNING), never a read before it.
   */
  async upsertEmployments(employerId: string, items: EmploymentUpsert[], onProgress?: (done: number) => void): Promise<UpsertOutcome[]> {
    return this.db.transaction().execute((trx) => this.upsertEmploymentsIn(trx, employerId, items, onProgress));
  }

  /** upsertEmployments within the caller's transaction (the console publishes records and a pay run in one). */
  async upsertEmploymentsIn(
    trx: Transaction<Database>,
    employerId: string,
    items: EmploymentUpsert[],
    onProgress?: (done: number) => void,
  ): Promise<UpsertOutcome[]> {
    const outcomes = new Map<string, UpsertOutcome>();
    for (let i = 0; i < items.length; i += EMPLOYMENT_CHUNK) {
      const chunk = items.slice(i, i + EMPLOYMENT_CHUNK);
      const inserted = await trx
        .insertInto('employments')
        .values(chunk.map(({ externalId, record }) => employmentRow(employerId, externalId, record, this.ids)))
        .onConflict((oc) => oc.columns(['employer_id', 'external_id']).doNothing())
        .returning('external_id')
        .execute();
      for (const row of inserted) outcomes.set(row.external_id!, 'created');
      const existing = chunk.filter(({ externalId }) => !outcomes.has(externalId));
      if (existing.length) await this.updateChanged(trx, employerId, existing, outcomes);
      onProgress?.(Math.min(i + EMPLOYMENT_CHUNK, items.length));
    }
    return items.map(({ externalId }) => outcomes.get(externalId)!);
  }

  /** Rewrites the records whose stored columns differ (one statement per chunk); the rest are unchanged. */
  private async updateChanged(trx: Transaction<Database>, employerId: string, items: EmploymentUpsert[], outcomes: Map<string, UpsertOutcome>): Promise<void> {
    const rows = await trx
      .selectFrom('employments')
      .selectAll()
      .where('employer_id', '=', employerId)
      .where(
        'external_id',
        'in',
        items.map((item) => item.externalId),
      )
      .execute();
    const stored = new Map(rows.map((row) => [row.external_id!, row]));
    const changed = items.filter(({ externalId, record }) => {
      const row = stored.get(externalId)!;
      const wanted = employmentColumns(record);
      const same = (Object.keys(wanted) as (keyof typeof wanted)[]).every((column) =>
        column === 'active' ? toBool(row.active) === wanted.active : row[column] === wanted[column],
      );
      outcomes.set(externalId, same ? 'unchanged' : 'updated');
      return !same;
    });
    if (!changed.length) return;
    await trx
      .insertInto('employments')
      .values(changed.map(({ externalId, record }) => employmentRow(employerId, externalId, record, this.ids)))
      .onConflict((oc) =>
        oc
          .columns(['employer_id', 'external_id'])
          .doUpdateSet((eb) => Object.fromEntries(EMPLOYMENT_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)])) as never),
      )
      .execute();
  }

  async findEmployment(employerId: string, externalId: string): Promise<EmploymentRecord | undefined> {
    const row = await this.db
      .selectFrom('employments')
      .selectAll()
      .where('employer_id', '=', employerId)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return (
      row && {
        employmentId: externalId,
        employeeName: row.employee_name,
        email: row.contact_email,
        mobilePhone: row.mobile_phone,
        niNumber: row.ni_number,
        bankLast4: row.bank_last4,
        birthDate: row.birth_date,
        taxCode: row.tax_code,
        startDate: row.start_date,
        endDate: row.end_date,
        payrollNumber: row.payroll_number ?? null,
        studentLoanPlan: row.student_loan_plan ?? null,
        active: toBool(row.active),
        linked: row.user_id !== null,
      }
    );
  }

  /** Ends an active employment; false when it had already ended (the caller compares the date). */
  async endEmployment(employerId: string, externalId: string, endDate: string): Promise<boolean> {
    const result = await this.db
      .updateTable('employments')
      .set({ active: false, end_date: endDate })
      .where('employer_id', '=', employerId)
      .where('external_id', '=', externalId)
      .where('end_date', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Publishes a pay run in one transaction: all its payslips or none. A pay run id seen before
   * with the same content answers as it did (created: false); with other content, refused (a conflict).
   */
  async publishPayRun(employerId: string, payRunId: string, run: PreparedPayRun, onProgress?: (stored: number) => void): Promise<PayRunResult | Refused> {
    return orRefused(() => this.db.transaction().execute((trx) => this.publishPayRunOrThrow(trx, employerId, payRunId, run, onProgress)));
  }

  /**
   * publishPayRun within the caller's transaction. On a refusal some of the run may be written: the
   * caller must roll its transaction back (the console throws, so nothing of the upload stays).
   */
  async publishPayRunIn(
    trx: Transaction<Database>,
    employerId: string,
    payRunId: string,
    run: PreparedPayRun,
    onProgress?: (stored: number) => void,
  ): Promise<PayRunResult | Refused> {
    return orRefused(() => this.publishPayRunOrThrow(trx, employerId, payRunId, run, onProgress));
  }

  private async publishPayRunOrThrow(
    trx: Transaction<Database>,
    employerId: string,
    payRunId: string,
    run: PreparedPayRun,
    onProgress?: (stored: number) => void,
  ): Promise<PayRunResult | Refused> {
    const runHash = run.hash;
    const summary = run.payslips.map((p) => ({ payslipId: p.payslipId, employmentId: p.employmentId }));
    const claimed = await trx
      .insertInto('employer_pay_runs')
      .values({ employer_id: employerId, id: payRunId, content_hash: runHash, payslip_count: run.payslips.length, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['employer_id', 'id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) {
      const earlier = await trx
        .selectFrom('employer_pay_runs')
        .select('content_hash')
        .where('employer_id', '=', employerId)
        .where('id', '=', payRunId)
        .executeTakeFirstOrThrow();
      if (earlier.content_hash !== runHash) {
        return {
          refused: 'conflict',
          message: `Pay run '${payRunId}' was already published with different content; publish a correction under a new pay run id`,
        };
      }
      return { payRunId, created: false, payslips: summary };
    }
    const employments = await this.employmentsOf(trx, employerId, run.payslips);
    const stored = await this.insertPayslips(trx, employerId, payRunId, run.payslips, employments, onProgress);
    // Told after the commit by the notification sender; queued here so a crash loses none. Only
    // employments someone has linked have anyone to tell.
    const linked = new Set([...employments.values()].filter((e) => e.linked).map((e) => e.id));
    const notices = stored.filter((p) => linked.has(p.employmentId));
    await queueNotices(
      trx,
      notices.map((p) => ({ kind: 'payslip' as const, source: `payslip:${p.id}`, employmentId: p.employmentId, payDate: p.payDate })),
    );
    return { payRunId, created: true, payslips: summary };
  }

  /**
   * Stores a pay document, its PDF or its details, in one transaction; the same document id again
   * with the same content changes nothing, with anything else is refused (a conflict). Details are
   * drawn as a PDF when an employee downloads it, as the portal draws payslips. Null: no such employment.
   */
  async publishDocument(
    employerId: string,
    externalEmploymentId: string,
    documentId: string,
    query: DocumentQuery,
    content: PayDocumentContent,
  ): Promise<{ created: boolean } | Refused | null> {
    return this.db.transaction().execute((trx) => this.publishDocumentIn(trx, employerId, externalEmploymentId, documentId, query, content));
  }

  /** publishDocument within the caller's transaction (the console publishes many documents all or nothing). */
  async publishDocumentIn(
    trx: Transaction<Database>,
    employerId: string,
    externalEmploymentId: string,
    documentId: string,
    query: DocumentQuery,
    content: PayDocumentContent,
  ): Promise<{ created: boolean } | Refused | null> {
    const fileType = DOCUMENT_TYPES[query.type];
    const taxYear = query.taxYear.replace('-', '/');
    const sent = 'pdf' in content ? { pdf: createHash('sha256').update(content.pdf).digest('hex') } : { details: content.details.details };
    const hash = contentHash({ employmentId: externalEmploymentId, ...query, ...sent });
    const employment = await trx
      .selectFrom('employments')
      .innerJoin('employers', 'employers.id', 'employments.employer_id')
      .select(['employments.id', 'employers.name'])
      .where('employments.employer_id', '=', employerId)
      .where('employments.external_id', '=', externalEmploymentId)
      .executeTakeFirst();
    if (!employment) return null;
    const id = this.ids('doc', documentId);
    const drawn =
      'details' in content
        ? {
            details: toJson(documentDetails(content.details, employment.name, taxYear)),
            figures: content.details.type === 'P60' ? toJson(p60Figures(content.details.details, taxYear)) : null,
          }
        : // What the portal would draw were the file ever missing: the document's name, no figures.
          { details: toJson({ title: `${fileType} ${taxYear}`, rows: [], paragraphs: [] }), figures: null };
    const created = await publishOnce(
      trx,
      'pay_documents',
      {
        id,
        employment_id: employment.id,
        file_type: fileType,
        tax_year: taxYear,
        filename: `${fileType === 'Pension Letter' ? 'Pension-letter' : fileType}-${query.taxYear}.pdf`,
        issued_on: query.issuedOn,
        ...drawn,
        employer_id: employerId,
        external_id: documentId,
        content_hash: hash,
      },
      `Document '${documentId}' was already published with a different file or details; publish a correction under a new document id`,
    );
    if (typeof created !== 'boolean') return created;
    if (created) {
      if ('pdf' in content)
        await trx.insertInto('pay_document_files').values({ document_id: id, content: content.pdf, size_bytes: content.pdf.length }).execute();
      if (query.type === 'P60') await queueNotices(trx, [{ kind: 'P60', source: `document:${id}`, employmentId: employment.id, taxYear }]);
    }
    return { created };
  }

  /** Publishes an update once; the same id again with the same text changes nothing, with other text is refused. */
  async publishUpdate(employerId: string, updateId: string, input: UpdateInput): Promise<{ created: boolean } | Refused> {
    const created = await publishOnce(
      this.db,
      'updates',
      {
        id: this.ids('upd', updateId),
        employer_id: employerId,
        header: input.header.trim(),
        from_text: input.from.trim(),
        // A backfilled update keeps its own date; the schema and rules.ts checked it is not ahead.
        created_at: input.publishedAt ? new Date(input.publishedAt).toISOString() : nowIso(),
        external_id: updateId,
        content_hash: contentHash(input),
      },
      `Update '${updateId}' was already published with different text; publish a correction under a new update id`,
    );
    return typeof created === 'boolean' ? { created } : created;
  }

  /** Publishes an intranet document once, as `publishUpdate` does. */
  async publishIntranetDocument(employerId: string, documentId: string, input: IntranetDocumentInput): Promise<{ created: boolean } | Refused> {
    const created = await publishOnce(
      this.db,
      'intranet_documents',
      {
        id: this.ids('int', documentId),
        employer_id: employerId,
        filename: input.filename,
        title: input.title.trim(),
        published_on: input.publishedOn,
        body: input.paragraphs.map((p) => p.trim()).join('\n\n'),
        external_id: documentId,
        content_hash: contentHash(input),
      },
      `Document '${documentId}' was already published with different content; publish a correction under a new document id`,
    );
    return typeof created === 'boolean' ? { created } : created;
  }

  /** The internal ids of the employments the payslips name; refuses a payslip naming none of this employer's. */
  private async employmentsOf(
    trx: Transaction<Database>,
    employerId: string,
    payslips: PreparedPayslip[],
  ): Promise<Map<string, { id: string; startDate: string; linked: boolean }>> {
    const wanted = [...new Set(payslips.map((p) => p.employmentId))];
    const found = new Map<string, { id: string; startDate: string; linked: boolean }>();
    for (let i = 0; i < wanted.length; i += PAYSLIP_CHUNK) {
      const rows = await trx
        .selectFrom('employments')
        .select(['id', 'external_id', 'start_date', 'user_id'])
        .where('employer_id', '=', employerId)
        .where('external_id', 'in', wanted.slice(i, i + PAYSLIP_CHUNK))
        .execute();
      for (const row of rows) found.set(row.external_id!, { id: row.id, startDate: row.start_date, linked: row.user_id !== null });
    }
    payslips.forEach((p, index) => {
      const employment = found.get(p.employmentId);
      if (!employment)
        throw new Rollback({
          refused: 'invalid',
          message: `body.payslips.${index}.employmentId names no employment of yours: '${p.employmentId}' (create it with PUT /employer-api/v1/employments/${p.employmentId})`,
        });
      if (p.payDate < employment.startDate)
        throw new Rollback({
          refused: 'invalid',
          message: `body.payslips.${index}.payDate ${p.payDate} is before the employment started (${employment.startDate})`,
        });
    });
    return found;
  }

  /** Inserts the payslips; one already published under the same id must be the same payslip, else refused (a conflict). */
  private async insertPayslips(
    trx: Transaction<Database>,
    employerId: string,
    payRunId: string,
    payslips: PreparedPayslip[],
    employments: Map<string, { id: string }>,
    onProgress?: (stored: number) => void,
  ): Promise<{ id: string; employmentId: string; payDate: string }[]> {
    const hashes = payslips.map((p) => p.hash);
    const employmentIds = payslips.map((p) => employments.get(p.employmentId)!.id);
    // In employment order (byte order, as the triggers sort), chunk after chunk: each statement's
    // trigger (migration 011) locks its employments' list versions in that order, so the whole run
    // takes them in one order and runs published at once over the same employments never deadlock.
    const inEmploymentOrder = payslips
      .map((_, index) => index)
      .sort((x, y) => (employmentIds[x]! < employmentIds[y]! ? -1 : employmentIds[x]! > employmentIds[y]! ? 1 : x - y));
    // Rows are made a chunk at a time, between statements, so no one stretch of the event loop
    // builds all 10,000 of them.
    const rowOf = (index: number) => {
      const p = payslips[index]!;
      return {
        id: this.ids('ps', p.payslipId),
        employment_id: employmentIds[index]!,
        employer_id: employerId,
        external_id: p.payslipId,
        pay_run_id: payRunId,
        content_hash: hashes[index]!,
        ...p.columns,
      };
    };
    const added: { id: string; employmentId: string; payDate: string }[] = [];
    const stored = new Set<string>();
    for (let i = 0; i < payslips.length; i += PAYSLIP_CHUNK) {
      const chunk = inEmploymentOrder.slice(i, i + PAYSLIP_CHUNK).map(rowOf);
      const inserted = await trx
        .insertInto('payslips')
        .values(chunk)
        .onConflict((oc) => oc.columns(['employer_id', 'external_id']).doNothing())
        .returning('external_id')
        .execute();
      const insertedIds = new Set(inserted.map((r) => r.external_id!));
      for (const r of chunk) {
        if (!insertedIds.has(r.external_id)) continue;
        stored.add(r.external_id);
        added.push({ id: r.id, employmentId: r.employment_id, payDate: r.pay_date });
      }
      onProgress?.(Math.min(i + PAYSLIP_CHUNK, payslips.length));
    }
    const already = payslips.map((p, index) => ({ p, index })).filter(({ p }) => !stored.has(p.payslipId));
    for (let i = 0; i < already.length; i += PAYSLIP_CHUNK) {
      const chunk = already.slice(i, i + PAYSLIP_CHUNK);
      const rows = await trx
        .selectFrom('payslips')
        .select(['external_id', 'content_hash', 'pay_run_id'])
        .where('employer_id', '=', employerId)
        .where(
          'external_id',
          'in',
          chunk.map(({ p }) => p.payslipId),
        )
        .execute();
      const earlier = new Map(rows.map((row) => [row.external_id!, row]));
      for (const { p, index } of chunk) {
        const row = earlier.get(p.payslipId);
        if (row?.content_hash !== hashes[index]) {
          throw new Rollback({
            refused: 'conflict',
            message: `body.payslips.${index}.payslipId '${p.payslipId}' was already published in pay run '${row?.pay_run_id ?? '?'}' with different content`,
          });
        }
      }
    }
    return added;
  }
}

/** The tables whose rows an employer publishes one at a time under its own id, with a content hash. */
type PublishedOnce = 'pay_documents' | 'updates' | 'intranet_documents';

/**
 * Stores a row under the employer's own id once (INSERT … ON CONFLICT DO NOTHING, never a read
 * first): true when this call stored it; false when the same content was already there; refused
 * with `conflict` when other content was.
 */
async function publishOnce<T extends PublishedOnce>(
  db: Kysely<Database>,
  table: T,
  row: Insertable<Database[T]> & { employer_id: string; external_id: string; content_hash: string },
  conflict: string,
): Promise<boolean | Refused> {
  const inserted = await db
    .insertInto(table as PublishedOnce)
    .values(row as never)
    .onConflict((oc) => oc.columns(['employer_id', 'external_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return true;
  const earlier = await db
    .selectFrom(table as PublishedOnce)
    .select('content_hash')
    .where('employer_id', '=', row.employer_id)
    .where('external_id', '=', row.external_id)
    .executeTakeFirstOrThrow();
  return earlier.content_hash === row.content_hash ? false : { refused: 'conflict', message: conflict };
}
