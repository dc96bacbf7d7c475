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

/** `uploaded`: the employer sent this document as a PDF (storedPdf), so it is sent as it is rather than drawn. */
export type OwnedFile = { id: string; filename: string; pdf: PdfJob; uploaded?: boolean };
export type ProofOfIncomeFiles = {
  payslips: PayslipForPdf[];
  /** `uploadedPdf`: the PDF the employer uploaded for it (the pack uses its pages), else null (drawn). */
  p60: { taxYear: string; document: DocumentForPdf; uploadedPdf: Buffer | null } | null;
};
export type TaxYearFile = { id: string; kind: 'Payslip' | PayDocumentKind; date: string; pdf: PdfJob; uploaded?: boolean };

type Line = { name: string; amount: number };
type EarningRow = NonNullable<Extract<PdfJob, { kind: 'payslip' }>['payslip']['earnings']>[number];

type PayslipRow = Selectable<Database['payslips']>;
type PayDocumentRow = Selectable<Database['pay_documents']>;

function payslipJob(employment: OwnedEmployment, slip: PayslipRow): PdfJob {
  return { kind: 'payslip', payslip: payslipForPdf(employment, slip) };
}

function payslipForPdf(employment: OwnedEmployment, slip: PayslipRow): PayslipForPdf {
  return {
    employerName: employment.employerName,
    employeeName: employment.employeeName,
    niNumber: employment.niNumber,
    // The code the payslip was worked out with; the employment's current one for older payslips.
    taxCode: slip.tax_code ?? employment.taxCode,
    niCategory: slip.ni_category,
    taxPeriod: slip.tax_period,
    earnings: slip.earnings === null ? [] : fromJson<EarningRow[]>(slip.earnings),
    payDate: slip.pay_date,
    grossPence: slip.gross_pence,
    totalDeductionsPence: slip.total_deductions_pence,
    netPence: slip.net_pence,
    deductions: fromJson<Line[]>(slip.deductions),
    other: fromJson<Line[]>(slip.other),
  };
}

function documentJob(employment: OwnedEmployment, doc: PayDocumentRow): PdfJob {
  return { kind: 'document', document: documentForPdf(employment, doc) };
}

function documentForPdf(employment: OwnedEmployment, doc: PayDocumentRow): DocumentForPdf {
  const details = fromJson<DocumentDetails>(doc.details);
  return { organisation: employment.employerName, title: details.title, issuedOn: doc.issued_on, rows: details.rows, paragraphs: details.paragraphs };
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

  constructor(private readonly db: Kysely<Database>) {
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

  /** A payslip or a pay document (P60, P45, P11D, pension letter) of this employment. */
  async payFile(employment: OwnedEmployment, fileId: string): Promise<OwnedFile | null> {
    const [slip] = await this.payslipRow(fileId, employment.id);
    if (slip) return { id: slip.id, filename: 'Payslip.pdf', pdf: payslipJob(employment, slip) };
    const [doc] = await this.payDocumentRow(fileId, employment.id);
    if (doc) return { id: doc.id, filename: doc.filename, pdf: documentJob(employment, doc), uploaded: toBool(doc.has_file) };
    return null;
  }

  /**
   * Every payslip and pay document of this employment in one UK tax year, oldest first, each with
   * its date and kind (for the archive's names). Only this employment's rows can match.
   */
  async taxYearFiles(employment: OwnedEmployment, taxYear: { label: string; start: string; end: string }): Promise<TaxYearFile[]> {
    const [slips, docs] = await Promise.all([
      this.db
        .selectFrom('payslips')
        .selectAll()
        .where('employment_id', '=', employment.id)
        .where('pay_date', '>=', taxYear.start)
        .where('pay_date', '<=', taxYear.end)
        .orderBy('pay_date')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('pay_documents')
        .selectAll()
        .select(hasFile)
        .where('employment_id', '=', employment.id)
        .where('tax_year', '=', taxYear.label)
        .orderBy('issued_on')
        .orderBy('id')
        .execute(),
    ]);
    return [
      ...slips.map((slip): TaxYearFile => ({ id: slip.id, kind: 'Payslip', date: slip.pay_date, pdf: payslipJob(employment, slip) })),
      ...docs.map((doc): TaxYearFile => ({
        id: doc.id,
        kind: doc.file_type as PayDocumentKind,
        date: doc.issued_on,
        pdf: documentJob(employment, doc),
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
    const uploadedPdf = p60 && toBool(p60.has_file) ? await this.storedPdf(p60.id) : null;
    return {
      payslips: slips.map((slip) => payslipForPdf(employment, slip)),
      p60: p60 ? { taxYear: p60.tax_year, document: documentForPdf(employment, p60), uploadedPdf } : null,
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
