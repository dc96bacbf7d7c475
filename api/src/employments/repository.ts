// Reads of one employment's pay data, shaped as the wire contract says (pounds, ISO dates, string ids).
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database, PayslipTable } from '../db/schema';
import { fromJson, pounds, toBool, toIso } from '../db/convert';
import { prepared, SESSION_CHECKS_KEPT } from '../db/prepared';
import { batchKeys, positioned, storableKeysOnly, turnBatcher } from '../db/turn-batch';
import type { OwnedEmployment } from './owned-employment';
import { retainedUntil } from './retention';
import { britishDate } from '../london-date';
import { taxChangeCause, type TaxChangeCause, type TaxFacts } from '../payroll/tax-change';
import type { ForecastFacts } from '../payroll/forecast';
import { payFrequencyOf, type PayFrequency } from '../payroll/pay-periods';

type Line = { name: string; amount: number };
type EarningRow = { kind: string; name: string; amount: number; hours?: number; rate?: number };
type YearToDateRow = {
  grossPence: number;
  taxablePence: number;
  incomeTaxPence: number;
  nationalInsurancePence: number;
  pensionPence: number;
  studentLoanPence: number;
  netPence: number;
};
type P60Row = { finalTaxCode: string; payPence: number; taxPence: number; nationalInsurancePence: number; studentLoanPence: number };

export type EarningView = { kind: string; name: string; amount: number; hours?: number; rate?: number };
export type YearToDateView = {
  grossPay: number;
  taxablePay: number;
  incomeTax: number;
  nationalInsurance: number;
  pension: number;
  studentLoan: number;
  netPay: number;
};
export type PayslipView = {
  ID: string;
  payDate: string;
  netPay: number;
  grossPay: number;
  totalDeductions: number;
  deductions: Line[];
  other: Line[];
  // Beyond the spec; null or empty on payslips published without them.
  taxCode: string | null;
  niCategory: string | null;
  taxPeriod: number | null;
  /** How often the employee is paid: what the tax period counts (weeks, fortnights, four weeks or months). */
  payFrequency: PayFrequency;
  earnings: EarningView[];
  taxablePay: number | null;
  yearToDate: YearToDateView | null;
  /** Why Income Tax changed since the payslip before, worked out again by HMRC's method (payroll/tax-change.ts). */
  taxChange: TaxChangeCause | null;
};
export type P60FiguresView = { finalTaxCode: string; pay: number; incomeTax: number; nationalInsurance: number; studentLoan: number };
export type PayDocumentView = { ID: string; fileType: string; taxYear: string; filename: string; figures: P60FiguresView | null };
export type IntranetView = { ID: string; filename: string; date: string };
export type UpdateView = { ID: string; updateHeader: string; updateFrom: string; created: string };
export type DocumentTypes = { Payslip: boolean; Documents: boolean; P45: boolean; P60: boolean; P11d: boolean; PensionLetter: boolean };

const linesInPounds = (lines: Line[]): Line[] => lines.map((l) => ({ name: l.name, amount: pounds(l.amount) }));

function earningsInPounds(lines: EarningRow[]): EarningView[] {
  return lines.map(({ kind, name, amount, hours, rate }) => ({
    kind,
    name,
    amount: pounds(amount),
    ...(hours === undefined ? {} : { hours }),
    ...(rate === undefined ? {} : { rate: pounds(rate) }),
  }));
}

function yearToDateInPounds(y: YearToDateRow): YearToDateView {
  return {
    grossPay: pounds(y.grossPence),
    taxablePay: pounds(y.taxablePence),
    incomeTax: pounds(y.incomeTaxPence),
    nationalInsurance: pounds(y.nationalInsurancePence),
    pension: pounds(y.pensionPence),
    studentLoan: pounds(y.studentLoanPence),
    netPay: pounds(y.netPence),
  };
}

function p60InPounds(f: P60Row): P60FiguresView {
  return {
    finalTaxCode: f.finalTaxCode,
    pay: pounds(f.payPence),
    incomeTax: pounds(f.taxPence),
    nationalInsurance: pounds(f.nationalInsurancePence),
    studentLoan: pounds(f.studentLoanPence),
  };
}

/** What working a payslip's tax again needs of its row, its JSON already read; the Income Tax line is named as the wire requires. */
function taxFactsOf(
  r: Pick<PayslipTable, 'id' | 'pay_date' | 'tax_code' | 'taxable_pence'> & { pay_frequency: string },
  deductions: Line[],
  yearToDate: YearToDateRow | null,
): TaxFacts {
  const incomeTax = deductions.find((line) => line.name.trim().toLowerCase() === 'income tax');
  return {
    id: r.id,
    payDate: r.pay_date,
    frequency: payFrequencyOf(r.pay_frequency),
    taxCode: r.tax_code,
    taxablePence: r.taxable_pence,
    incomeTaxPence: incomeTax?.amount ?? 0,
    yearToDate: yearToDate && { taxablePence: yearToDate.taxablePence, incomeTaxPence: yearToDate.incomeTaxPence },
  };
}

/** What the list shows, no more: each column read is a JS string or number made per row. */
const PAYSLIP_LIST_COLUMNS = [
  'id',
  'pay_date',
  'net_pence',
  'gross_pence',
  'total_deductions_pence',
  'deductions',
  'other',
  'tax_code',
  'ni_category',
  'tax_period',
  'pay_frequency',
  'earnings',
  'taxable_pence',
  'year_to_date',
] as const;

export class EmploymentRepository {
  // The portal's most asked-for list: built once (db/prepared.ts).
  private readonly payslipRows;

  constructor(private readonly db: Kysely<Database>) {
    this.payslipRows = prepared(
      db,
      (q, employmentId: string) =>
        q.selectFrom('payslips').select(PAYSLIP_LIST_COLUMNS).where('employment_id', '=', employmentId).orderBy('pay_date', 'desc').orderBy('id', 'desc'),
      1,
    );
  }

  async payslips(employmentId: string): Promise<PayslipView[]> {
    const rows = await this.payslipRows(employmentId);
    const read = rows.map((r) => {
      const deductions = fromJson<Line[]>(r.deductions);
      const yearToDate = r.year_to_date === null ? null : fromJson<YearToDateRow>(r.year_to_date);
      return { deductions, yearToDate, facts: taxFactsOf(r, deductions, yearToDate) };
    });
    return rows.map((r, i) => ({
      ID: r.id,
      payDate: r.pay_date,
      netPay: pounds(r.net_pence),
      grossPay: pounds(r.gross_pence),
      totalDeductions: pounds(r.total_deductions_pence),
      deductions: linesInPounds(read[i]!.deductions),
      other: linesInPounds(fromJson<Line[]>(r.other)),
      taxCode: r.tax_code,
      niCategory: r.ni_category,
      taxPeriod: r.tax_period,
      payFrequency: payFrequencyOf(r.pay_frequency),
      earnings: r.earnings === null ? [] : earningsInPounds(fromJson<EarningRow[]>(r.earnings)),
      taxablePay: r.taxable_pence === null ? null : pounds(r.taxable_pence),
      yearToDate: read[i]!.yearToDate === null ? null : yearToDateInPounds(read[i]!.yearToDate!),
      // Newest first: the payslip before this one is the next row.
      taxChange: i + 1 < rows.length ? taxChangeCause(read[i + 1]!.facts, read[i]!.facts) : null,
    }));
  }

  /** What a forecast starts from: the latest payslip and the record's loan plan; null with no payslip. */
  async latestPayslipFacts(employmentId: string): Promise<{ payslipId: string; facts: ForecastFacts } | null> {
    const [rows, employment] = await Promise.all([
      this.db
        .selectFrom('payslips')
        .select(['id', 'pay_date', 'pay_frequency', 'tax_code', 'ni_category', 'earnings', 'gross_pence', 'taxable_pence', 'deductions', 'year_to_date'])
        .where('employment_id', '=', employmentId)
        .orderBy('pay_date', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .execute(),
      this.db.selectFrom('employments').select('student_loan_plan').where('id', '=', employmentId).executeTakeFirst(),
    ]);
    const [latest] = rows;
    if (!latest) return null;
    const earnings = latest.earnings === null ? [] : fromJson<EarningRow[]>(latest.earnings);
    return {
      payslipId: latest.id,
      facts: {
        payDate: latest.pay_date,
        frequency: payFrequencyOf(latest.pay_frequency),
        taxCode: latest.tax_code,
        niCategory: latest.ni_category,
        earnings: earnings.map((line) => ({ kind: line.kind, amountPence: line.amount })),
        grossPence: latest.gross_pence,
        taxablePence: latest.taxable_pence,
        deductions: fromJson<Line[]>(latest.deductions).map((line) => ({ name: line.name, amountPence: line.amount })),
        yearToDate: latest.year_to_date === null ? null : fromJson<YearToDateRow & { postgraduateLoanPence?: number }>(latest.year_to_date),
        studentLoanPlan: employment?.student_loan_plan ?? null,
      },
    };
  }

  async documents(employmentId: string): Promise<PayDocumentView[]> {
    const rows = await this.db
      .selectFrom('pay_documents')
      .select(['id', 'file_type', 'tax_year', 'filename', 'figures'])
      .where('employment_id', '=', employmentId)
      .orderBy('issued_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({
      ID: r.id,
      fileType: r.file_type,
      taxYear: r.tax_year,
      filename: r.filename,
      figures: r.figures === null ? null : p60InPounds(fromJson<P60Row>(r.figures)),
    }));
  }

  async intranet(employment: OwnedEmployment): Promise<IntranetView[]> {
    const rows = await sharedDocumentsOf(this.db, employment)
      .select(['id', 'filename', 'published_on'])
      .orderBy('published_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ ID: r.id, filename: r.filename, date: r.published_on }));
  }

  /**
   * The employer's updates from this employment's own time there: from its start
   * date to the end of its end date. An ended employment does not see what its employer told staff
   * after the user left (their pay runs, their news).
   */
  async updates(employment: OwnedEmployment): Promise<UpdateView[]> {
    const { from, until } = employmentPeriod(employment);
    let query = this.db.selectFrom('updates').selectAll().where('employer_id', '=', employment.employerId).where('created_at', '>=', from);
    if (until) query = query.where('created_at', '<', until);
    const [rows, answers] = await Promise.all([query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute(), this.answersOn(employment.id)]);
    const updates = rows.map((r) => ({ ID: r.id, updateHeader: r.header, updateFrom: r.from_text, created: toIso(r.created_at) }));
    return [...updates, ...answers].sort((a, b) => b.created.localeCompare(a.created) || b.ID.localeCompare(a.ID));
  }

  /**
   * The payroll team's answers to questions about this employment's payslips, as updates: the notice
   * of each answer (the answer itself is read beside the payslip). Only the employee's own questions.
   */
  private async answersOn(employmentId: string): Promise<UpdateView[]> {
    const rows = await this.db
      .selectFrom('payroll_questions as q')
      .innerJoin('payslips as p', 'p.id', 'q.payslip_id')
      .select(['q.id', 'q.pay_date', 'q.line_name', 'q.answered_at'])
      .where('p.employment_id', '=', employmentId)
      .where('q.answered_at', 'is not', null)
      .execute();
    return rows.map((r) => ({
      ID: r.id,
      updateHeader: `Payroll answered your question about ${r.line_name} on your payslip for ${britishDate(toIso(r.pay_date).slice(0, 10))}`,
      updateFrom: 'Payroll team',
      created: toIso(r.answered_at!),
    }));
  }

  async documentTypes(employment: OwnedEmployment): Promise<DocumentTypes> {
    const [payslip, intranet, types] = await Promise.all([
      this.db.selectFrom('payslips').select('id').where('employment_id', '=', employment.id).limit(1).executeTakeFirst(),
      sharedDocumentsOf(this.db, employment).select('id').limit(1).executeTakeFirst(),
      this.db.selectFrom('pay_documents').select('file_type').distinct().where('employment_id', '=', employment.id).execute(),
    ]);
    const has = new Set(types.map((t) => t.file_type));
    return {
      Payslip: Boolean(payslip),
      Documents: Boolean(intranet),
      P45: has.has('P45'),
      P60: has.has('P60'),
      P11d: has.has('P11D'),
      PensionLetter: has.has('Pension Letter'),
    };
  }
}

/**
 * What an ended employment keeps: the employer's shared documents published on or before its end
 * date (a policy from before the start still applies, so there is no lower bound), and its updates
 * from its start to its end date (\`updates\`). Nothing the employer shares with staff after that
 * reaches someone who has left, nor is any notice sent for it (shared documents and updates have
 * none). Pay documents are the employee's own and are not cut off: a P45 is issued at leaving and a
 * P11D for the year of leaving comes months later.
 */
export function sharedDocumentsOf(db: Kysely<Database>, employment: Pick<OwnedEmployment, 'employerId' | 'endDate'>) {
  const all = db.selectFrom('intranet_documents').where('employer_id', '=', employment.employerId);
  return employment.endDate ? all.where('published_on', '<=', employment.endDate) : all;
}

/** The instants an employment's period starts and (when it has ended) stops, as ISO timestamps (UTC days). */
export function employmentPeriod(employment: Pick<OwnedEmployment, 'startDate' | 'endDate'>): { from: string; until: string | null } {
  const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
  const from = dayStart(employment.startDate).toISOString();
  if (!employment.endDate) return { from, until: null };
  const dayAfterEnd = dayStart(employment.endDate);
  dayAfterEnd.setUTCDate(dayAfterEnd.getUTCDate() + 1);
  return { from, until: dayAfterEnd.toISOString() };
}

export type OwnedEmploymentFinder = {
  /** The employment `employmentId` if it belongs to `userId` (with its employer's name), else undefined. */
  find(employmentId: string, userId: string): Promise<OwnedEmployment | undefined>;
  /** The same, and only while the session `sessionId` has not ended: undefined when either fails. */
  findInLiveSession(employmentId: string, userId: string, sessionId: string): Promise<OwnedEmployment | undefined>;
};

/** Finds owned employments; asked on every employment route, so the queries are built once (db/prepared.ts). */
export function ownedEmploymentFinder(db: Kysely<Database>, dialect: DialectName): OwnedEmploymentFinder {
  const owned = prepared(db, (q, employmentId: string, userId: string) => ownedEmploymentQuery(q, employmentId, userId), 2);
  const ownedInLiveSession = prepared(
    db,
    (q, employmentId: string, userId: string, sessionId: string) =>
      ownedEmploymentQuery(q, employmentId, userId)
        .innerJoin('sessions', (join) => join.onTrue())
        .where('sessions.id', '=', sessionId)
        .where('sessions.revoked_at', 'is', null)
        .select('sessions.id as session_id'),
    3,
    { kept: SESSION_CHECKS_KEPT },
  );
  type Row = Awaited<ReturnType<typeof owned>>[number];
  // PostgreSQL: the checks of one event-loop turn in one query (db/turn-batch.ts). SQLite runs a
  // query synchronously in this process: a batch would save no round trip there.
  const firstInLiveSession: (key: OwnedInSessionKey) => Promise<Row | undefined> =
    dialect === 'postgres'
      ? storableKeysOnly(turnBatcher(ownedInLiveSessionBatch(db)))
      : async ({ employmentId, userId, sessionId }) => (await ownedInLiveSession(employmentId, userId, sessionId))[0];
  const view = (row: Row | undefined): OwnedEmployment | undefined =>
    row && {
      id: row.id,
      employerId: row.employer_id,
      employerName: row.employer_name,
      employeeName: row.employee_name,
      niNumber: row.ni_number,
      taxCode: row.tax_code,
      active: toBool(row.active),
      startDate: row.start_date,
      endDate: row.end_date,
      retainedUntil: retainedUntil(row.end_date, row.retention_years),
      // A bigint on PostgreSQL (migration 013), which pg reads as a string; below 2^53 for ages.
      payslipsVersion: Number(row.payslips_version ?? 0),
    };
  return {
    find: async (employmentId, userId) => view((await owned(employmentId, userId))[0]),
    findInLiveSession: async (employmentId, userId, sessionId) => view(await firstInLiveSession({ employmentId, userId, sessionId })),
  };
}

type OwnedInSessionKey = { employmentId: string; userId: string; sessionId: string };

/**
 * PostgreSQL: for each key, its employment if it is the user's and the session is live, in one
 * query: the keys are three arrays joined by their position (`batchKeys`), so each
 * row names the key it answers and no caller sees another's row. One query text for any number of
 * keys (one named statement).
 */
function ownedInLiveSessionBatch(db: Kysely<Database>) {
  const query = prepared(
    db,
    (q, employmentIds: string[], userIds: string[], sessionIds: string[]) =>
      q
        .with('keys(employment_id, user_id, session_id, position)', () =>
          batchKeys<{ employment_id: string; user_id: string; session_id: string; position: string }>([employmentIds, userIds, sessionIds]),
        )
        .selectFrom('keys')
        .innerJoin('employments', (join) => join.onRef('employments.id', '=', 'keys.employment_id').onRef('employments.user_id', '=', 'keys.user_id'))
        .innerJoin('sessions', 'sessions.id', 'keys.session_id')
        .innerJoin('employers', 'employers.id', 'employments.employer_id')
        .leftJoin('payslip_list_versions', 'payslip_list_versions.employment_id', 'employments.id')
        .select(OWNED_EMPLOYMENT_COLUMNS)
        .select('keys.position')
        .where('sessions.revoked_at', 'is', null),
    3,
  );
  return async (keys: OwnedInSessionKey[]) => {
    const rows = await query(
      keys.map((k) => k.employmentId),
      keys.map((k) => k.userId),
      keys.map((k) => k.sessionId),
    );
    return positioned(rows, keys.length);
  };
}

const OWNED_EMPLOYMENT_COLUMNS = [
  'payslip_list_versions.version as payslips_version',
  'employments.id',
  'employments.employer_id',
  'employers.name as employer_name',
  'employments.employee_name',
  'employments.ni_number',
  'employments.tax_code',
  'employments.active',
  'employments.start_date',
  'employments.end_date',
  'employers.retention_years',
] as const;

function ownedEmploymentQuery(db: Kysely<Database>, employmentId: string, userId: string) {
  return db
    .selectFrom('employments')
    .innerJoin('employers', 'employers.id', 'employments.employer_id')
    .leftJoin('payslip_list_versions', 'payslip_list_versions.employment_id', 'employments.id')
    .select(OWNED_EMPLOYMENT_COLUMNS)
    .where('employments.id', '=', employmentId)
    .where('employments.user_id', '=', userId);
}
