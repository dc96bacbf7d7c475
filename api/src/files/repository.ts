// Finds a file of one employment and says what its PDF shows (drawn by pdf/pool.ts). A file id that
// is not this employment's (or its employer's, for shared documents) is simply not found.
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { fromJson, toBool } from '../db/convert';
import { prepared } from '../db/prepared';
import type { OwnedEmployment } from '../employments/owned-employment';
import { sharedDocumentsOf } from '../employments/repository';
import type { PayDocumentKind } from './archive/names';
import type { DocumentDetails } from './pdf/document-pdf';
import type { DocumentForPdf, PayslipForPdf, PdfJob } from './pdf/render';
import { taxYearFromLabel } from '@portal/shared/pay-insights/tax-year';
import { niBandsOfYear } from './p60-national-insurance';
import { payFrequencyOf } from '../payroll/pay-periods';
import { oneLineAddress, p45ForPdf, p60ForPdf, studentLoanPlanName } from './statutory-documents';
import type { PayIdentifiers } from './statutory-documents';

/** `uploaded`: the employer sent this document as a PDF (storedPdf), so it is sent as it is rather than drawn. */
export type OwnedFile = { id: string; filename: string; pdf: PdfJob; uploaded?: boolean };
export type ProofOfIncomeFiles = {
  payslips: PayslipForPdf[];
  /** `uploadedPdf`: the PDF the employer uploaded for it (the pack uses its pages), else null (drawn). */
  p60: { taxYear: string; document: DocumentForPdf; uploadedPdf: Buffer | null } | null;
  identifiers: PayIdentifiers;
};
/** A payslip or pay document and what its name in an archive is made of: its kind, date and (a document's) tax year. */
export type EmploymentFile = { id: string; kind: 'Payslip' | PayDocumentKind; date: string; taxYear: string | null; pdf: PdfJob; uploaded?: boolean };
export type TaxYearFile = EmploymentFile;

type Line = { name: string; amount: number };
type EarningRow = NonNullable<Extract<PdfJob, { kind: 'payslip' }>['payslip']['earnings']>[number];

type PayslipRow = Selectable<Database['payslips']>;
type PayDocumentRow = Selectable<Database['pay_documents']>;

function payslipJob(employment: OwnedEmployment, slip: PayslipRow, ids: PayIdentifiers): PdfJob {
  return { kind: 'payslip', payslip: payslipForPdf(employment, slip, ids) };
}

type YearToDateRow = { grossPence: number; taxablePence: number; incomeTaxPence: number; nationalInsurancePence: number };

function payslipForPdf(employment: OwnedEmployment, slip: PayslipRow, ids: PayIdentifiers): PayslipForPdf {
  const ytd = slip.year_to_date === null ? null : fromJson<YearToDateRow>(slip.year_to_date);
  return {
    employerName: employment.employerName,
    employerAddress: oneLineAddress(ids.employerAddress),
    payeReference: ids.payeReference,
    employeeName: employment.employeeName,
    payrollNumber: ids.payrollNumber,
    niNumber: employment.niNumber,
    // The code the payslip was worked out with; the employment's current one for older payslips.
    taxCode: slip.tax_code ?? employment.taxCode,
    niCategory: slip.ni_category,
    studentLoanPlan: studentLoanPlanName(ids.studentLoanPlan),
    taxPeriod: slip.tax_period,
    payFrequency: payFrequencyOf(slip.pay_frequency),
    earnings: slip.earnings === null ? [] : fromJson<EarningRow[]>(slip.earnings),
    payDate: slip.pay_date,
    grossPence: slip.gross_pence,
    totalDeductionsPence: slip.total_deductions_pence,
    netPence: slip.net_pence,
    deductions: fromJson<Line[]>(slip.deductions),
    other: fromJson<Line[]>(slip.other),
    yearToDate: ytd && {
      grossPence: ytd.grossPence,
      taxablePence: ytd.taxablePence,
      incomeTaxPence: ytd.incomeTaxPence,
      nationalInsurancePence: ytd.nationalInsurancePence,
    },
  };
}

function documentJob(employment: OwnedEmployment, doc: PayDocumentRow, ids: PayIdentifiers, yearSlips: readonly PayslipRow[]): PdfJob {
  return { kind: 'document', document: documentForPdf(employment, doc, ids, yearSlips) };
}

const amountOf = (lines: Line[], name: string) => lines.find((line) => line.name === name)?.amount ?? 0;

/** The tax year's NI bands from its payslips, when they add up to the P60's NI figure (a year whose payslips are all here). */
function p60Bands(doc: PayDocumentRow, yearSlips: readonly PayslipRow[]) {
  if (!yearSlips.length) return null;
  const slips = yearSlips.map((slip) => ({
    niCategory: slip.ni_category,
    grossPence: slip.gross_pence,
    nationalInsurancePence: amountOf(fromJson<Line[]>(slip.deductions), 'National Insurance'),
    frequency: payFrequencyOf(slip.pay_frequency),
  }));
  const figures = doc.figures === null ? null : fromJson<{ nationalInsurancePence?: number }>(doc.figures);
  const paid = slips.reduce((sum, slip) => sum + slip.nationalInsurancePence, 0);
  if (figures?.nationalInsurancePence !== undefined && figures.nationalInsurancePence !== paid) return null;
  return niBandsOfYear(doc.tax_year.replace('-', '/'), slips);
}

/** `yearSlips`: the payslips of the document's tax year (a P60's NI table is worked out from them). */
function documentForPdf(employment: OwnedEmployment, doc: PayDocumentRow, ids: PayIdentifiers, yearSlips: readonly PayslipRow[]): DocumentForPdf {
  const details = fromJson<DocumentDetails>(doc.details);
  const base = { organisation: employment.employerName, title: details.title, issuedOn: doc.issued_on, rows: details.rows, paragraphs: details.paragraphs };
  if (doc.file_type === 'P60') return p60ForPdf(base, ids, p60Bands(doc, yearSlips));
  if (doc.file_type === 'P45') return p45ForPdf(base, ids);
  return base;
}

/** The payslips of `slips` inside a document's tax year ('2025/26'). */
function slipsOfYear(slips: readonly PayslipRow[], taxYear: string): PayslipRow[] {
  const year = taxYearFromLabel(taxYear);
  return year ? slips.filter((slip) => slip.pay_date >= year.start && slip.pay_date <= year.end) : [];
}

/** Whether the employer sent the document as a PDF (a stored file), rather than details the portal draws. */
const hasFile = (eb: ExpressionBuilder<Database, 'pay_documents'>) =>
  eb
    .exists(eb.selectFrom('pay_document_files').select('pay_document_files.document_id').whereRef('pay_document_files.document_id', '=', 'pay_documents.id'))
    .as('has_file');

export class FileRepository {
  // A download's own lookups: built once (db/prepared.ts).
  private readonly payslipRow;
  private readonly payDocumentRow;

  private readonly identifiersRow;

  constructor(private readonly db: Kysely<Database>) {
    this.identifiersRow = prepared(
      db,
      (q, employmentId: string) =>
        q
          .selectFrom('employments')
          .innerJoin('employers', 'employers.id', 'employments.employer_id')
          .select(['employers.address', 'employers.paye_reference', 'employments.payroll_number', 'employments.student_loan_plan'])
          .where('employments.id', '=', employmentId),
      1,
    );
    this.payslipRow = prepared(
      db,
      (q, fileId: string, employmentId: string) => q.selectFrom('payslips').selectAll().where('id', '=', fileId).where('employment_id', '=', employmentId),
      2,
    );
    this.payDocumentRow = prepared(
      db,
      (q, fileId: string, employmentId: string) =>
        q.selectFrom('pay_documents').selectAll().select(hasFile).where('id', '=', fileId).where('employment_id', '=', employmentId),
      2,
    );
  }

  /** The employer's address and PAYE reference, and the employment's payroll number and loan plan. */
  private async identifiers(employmentId: string): Promise<PayIdentifiers> {
    const [row] = await this.identifiersRow(employmentId);
    return {
      employerAddress: row?.address ?? null,
      payeReference: row?.paye_reference ?? null,
      payrollNumber: row?.payroll_number ?? null,
      studentLoanPlan: row?.student_loan_plan ?? null,
    };
  }

  /** The employment's payslips in a tax year ('2025/26'), oldest first. */
  private async payslipsOfYear(employmentId: string, taxYear: string): Promise<PayslipRow[]> {
    const year = taxYearFromLabel(taxYear);
    if (!year) return [];
    return this.db
      .selectFrom('payslips')
      .selectAll()
      .where('employment_id', '=', employmentId)
      .where('pay_date', '>=', year.start)
      .where('pay_date', '<=', year.end)
      .orderBy('pay_date')
      .execute();
  }

  /** A payslip or a pay document (P60, P45, P11D, pension letter) of this employment. */
  async payFile(employment: OwnedEmployment, fileId: string): Promise<OwnedFile | null> {
    const [[slip], ids] = await Promise.all([this.payslipRow(fileId, employment.id), this.identifiers(employment.id)]);
    if (slip) return { id: slip.id, filename: 'Payslip.pdf', pdf: payslipJob(employment, slip, ids) };
    const [doc] = await this.payDocumentRow(fileId, employment.id);
    if (!doc) return null;
    const yearSlips = doc.file_type === 'P60' ? await this.payslipsOfYear(employment.id, doc.tax_year) : [];
    return { id: doc.id, filename: doc.filename, pdf: documentJob(employment, doc, ids, yearSlips), uploaded: toBool(doc.has_file) };
  }

  /**
   * Every payslip and pay document of this employment in one UK tax year, oldest first, each with
   * its date and kind (for the archive's names). Only this employment's rows can match.
   */
  taxYearFiles(employment: OwnedEmployment, taxYear: { label: string; start: string; end: string }): Promise<TaxYearFile[]> {
    return this.filesOf(employment, taxYear);
  }

  /** Every payslip and pay document of this employment, oldest first (a person's copy of all their data). */
  employmentFiles(employment: OwnedEmployment): Promise<EmploymentFile[]> {
    return this.filesOf(employment, null);
  }

  private async filesOf(employment: OwnedEmployment, taxYear: { label: string; start: string; end: string } | null): Promise<EmploymentFile[]> {
    let slips = this.db.selectFrom('payslips').selectAll().where('employment_id', '=', employment.id);
    let docs = this.db.selectFrom('pay_documents').selectAll().select(hasFile).where('employment_id', '=', employment.id);
    if (taxYear) {
      slips = slips.where('pay_date', '>=', taxYear.start).where('pay_date', '<=', taxYear.end);
      docs = docs.where('tax_year', '=', taxYear.label);
    }
    const [slipRows, docRows, ids] = await Promise.all([
      slips.orderBy('pay_date').orderBy('id').execute(),
      docs.orderBy('issued_on').orderBy('id').execute(),
      this.identifiers(employment.id),
    ]);
    return [
      ...slipRows.map((slip): EmploymentFile => ({ id: slip.id, kind: 'Payslip', date: slip.pay_date, taxYear: null, pdf: payslipJob(employment, slip, ids) })),
      ...docRows.map((doc): EmploymentFile => ({
        id: doc.id,
        kind: doc.file_type as PayDocumentKind,
        date: doc.issued_on,
        taxYear: doc.tax_year,
        pdf: documentJob(employment, doc, ids, doc.file_type === 'P60' ? slipsOfYear(slipRows, doc.tax_year) : []),
        uploaded: toBool(doc.has_file),
      })),
    ];
  }

  /** What a proof of income draws on: this employment's newest `payslips` payslips and its latest P60. */
  async proofOfIncomeFiles(employment: OwnedEmployment, payslips: number): Promise<ProofOfIncomeFiles> {
    const [slips, p60] = await Promise.all([
      this.db
        .selectFrom('payslips')
        .selectAll()
        .where('employment_id', '=', employment.id)
        .orderBy('pay_date', 'desc')
        .orderBy('id', 'desc')
        .limit(payslips)
        .execute(),
      this.db
        .selectFrom('pay_documents')
        .selectAll()
        .select(hasFile)
        .where('employment_id', '=', employment.id)
        .where('file_type', '=', 'P60')
        .orderBy('tax_year', 'desc')
        .orderBy('issued_on', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    ]);
    const [uploadedPdf, yearSlips, ids] = await Promise.all([
      p60 && toBool(p60.has_file) ? this.storedPdf(p60.id) : null,
      p60 ? this.payslipsOfYear(employment.id, p60.tax_year) : [],
      this.identifiers(employment.id),
    ]);
    return {
      payslips: slips.map((slip) => payslipForPdf(employment, slip, ids)),
      p60: p60 ? { taxYear: p60.tax_year, document: documentForPdf(employment, p60, ids, yearSlips), uploadedPdf } : null,
      identifiers: ids,
    };
  }

  /** The PDF an employer uploaded for a pay document (only ever asked for a file already found as this employment's). */
  async storedPdf(documentId: string): Promise<Buffer> {
    const row = await this.db.selectFrom('pay_document_files').select('content').where('document_id', '=', documentId).executeTakeFirstOrThrow();
    return Buffer.from(row.content);
  }

  /** A document the employment's employer shares with its staff. */
  async intranetFile(employment: OwnedEmployment, fileId: string): Promise<OwnedFile | null> {
    const doc = await sharedDocumentsOf(this.db, employment).selectAll().where('id', '=', fileId).executeTakeFirst();
    if (!doc) return null;
    return {
      id: doc.id,
      filename: doc.filename,
      pdf: {
        kind: 'document',
        document: { organisation: employment.employerName, title: doc.title, issuedOn: doc.published_on, rows: [], paragraphs: doc.body.split('\n\n') },
      },
    };
  }
}
