// A pay document as payroll sends it: either the PDF itself, or its details (what a P60, P45, P11D
// or pension letter states), from which the portal draws the PDF on demand. One of the two, never
// both; details are checked like a payslip's figures, each refusal naming its field. A PDF is
// stored as the portal writes it anew: read within bounds, within its type's page limit, without
// scripts or other active content (files/pdf/uploaded-pdf.ts).
import { gbp, britishDate } from '../files/format';
import type { DocumentDetails } from '../files/pdf/document-pdf';
import { P60_PARAGRAPHS } from '../files/statutory-documents';
import { HttpError } from '../http/errors';
import { UPLOAD_MAX_PAGES, cleanUploadedPdf } from '../files/pdf/uploaded-pdf';
import type { CleanedUpload } from '../files/pdf/uploaded-pdf';
import { schemaCheck } from '../http/schema-check';
import { pdfProblem } from './pdf-check';
import { DETAILS_SCHEMAS } from './schemas';
import type { DocumentQuery, P11DDetails, P45Details, P60Details, PayDocumentJson, PensionLetterDetails } from './schemas';

export type TypedDetails =
  | { type: 'P60'; details: P60Details }
  | { type: 'P45'; details: P45Details }
  | { type: 'P11D'; details: P11DDetails }
  | { type: 'pension-letter'; details: PensionLetterDetails };

export type PayDocumentContent = { pdf: Buffer } | { details: TypedDetails };

const checks = {
  P60: schemaCheck(DETAILS_SCHEMAS.P60),
  P45: schemaCheck(DETAILS_SCHEMAS.P45),
  P11D: schemaCheck(DETAILS_SCHEMAS.P11D),
  'pension-letter': schemaCheck(DETAILS_SCHEMAS['pension-letter']),
};

const money = (pence: number) => (pence / 100).toFixed(2);

/**
 * The content of a JSON upload: the PDF (decoded and checked by its content) or the details of
 * `query.type`; `where` names the body ('body' through the API, 'payDocuments.3' in a file).
 */
export function payDocumentContent(query: DocumentQuery, body: PayDocumentJson, where = 'body'): PayDocumentContent {
  if (body.pdf !== undefined && body.details !== undefined) throw new HttpError(400, `${where} must have either 'pdf' or 'details', not both`);
  if (body.pdf !== undefined) {
    const pdf = Buffer.from(body.pdf, 'base64');
    const problem = pdfProblem(pdf);
    if (problem) throw new HttpError(problem.includes('limit') ? 413 : 400, `${where}.pdf ${problem}`);
    return { pdf };
  }
  if (body.details === undefined) throw new HttpError(400, `${where} must have either 'pdf' (the PDF, base64) or 'details'`);
  const checked = checks[query.type](body.details, `${where}.details`);
  if (!checked.ok) throw new HttpError(400, checked.problem);
  const typed = { type: query.type, details: checked.value } as TypedDetails;
  checkDetails(typed, query, `${where}.details`);
  return { details: typed };
}

/** Reads an uploaded PDF and writes it anew: the API's PDF workers (files/pdf/pool.ts), or in the import command's own process. */
export type UploadCleaner = (pdf: Uint8Array, maxPages: number) => Promise<CleanedUpload>;

/**
 * What is stored of checked content: details as they are, a PDF as `clean` writes it anew, or a
 * refusal naming `where` (413 past a limit: pages, inflated size, time or memory to read it; 400 unreadable).
 */
export async function storedContent(
  content: PayDocumentContent,
  type: DocumentQuery['type'],
  where: string,
  clean: UploadCleaner = cleanUploadedPdf,
): Promise<PayDocumentContent> {
  if (!('pdf' in content)) return content;
  const cleaned = await clean(content.pdf, UPLOAD_MAX_PAGES[type]);
  if (!cleaned.ok) throw new HttpError(cleaned.tooLarge ? 413 : 400, `${where} ${cleaned.problem}`);
  return { pdf: Buffer.from(cleaned.pdf.buffer, cleaned.pdf.byteOffset, cleaned.pdf.byteLength) };
}

/** What the schema cannot say: totals that add up, dates in order. */
function checkDetails({ type, details }: TypedDetails, query: DocumentQuery, where: string): void {
  if (type === 'P11D') {
    const total = details.benefits.reduce((sum, b) => sum + b.cashEquivalentPence, 0);
    if (total !== details.totalCashEquivalentPence) {
      throw new HttpError(400, `${where}.totalCashEquivalentPence is ${money(details.totalCashEquivalentPence)} but the benefits add up to ${money(total)}`);
    }
  }
  if (type === 'P45' && details.leavingDate > query.issuedOn)
    throw new HttpError(400, `${where}.leavingDate ${details.leavingDate} is after the document was issued (${query.issuedOn})`);
  if (type === 'pension-letter' && details.leftOn && details.leftOn > query.issuedOn)
    throw new HttpError(400, `${where}.leftOn ${details.leftOn} is after the letter was issued (${query.issuedOn})`);
}

/** A P60's figures as pay_documents.figures keeps them (the app shows them beside the year). */
export function p60Figures(details: P60Details, taxYear: string) {
  return {
    taxYear,
    finalTaxCode: details.finalTaxCode,
    payPence: details.payPence,
    taxPence: details.taxPence,
    nationalInsurancePence: details.nationalInsurancePence,
    studentLoanPence: details.studentLoanPence ?? 0,
  };
}

/** The rows and paragraphs the portal draws for details sent by payroll; `taxYear` as '2025/26'. */
export function documentDetails({ type, details }: TypedDetails, employer: string, taxYear: string): DocumentDetails {
  const row = (label: string, value: string) => ({ label, value });
  switch (type) {
    case 'P60':
      return {
        title: `P60 End of Year Certificate, tax year ${taxYear}`,
        rows: [
          row('Employer', employer),
          row('Employee', details.employeeName),
          row('National Insurance number', details.niNumber),
          row('Final tax code', details.finalTaxCode),
          row('Pay in this employment', gbp(details.payPence)),
          row('Tax deducted in this employment', gbp(details.taxPence)),
          row('Employee National Insurance contributions', gbp(details.nationalInsurancePence)),
          ...(details.studentLoanPence ? [row('Student loan deductions', gbp(details.studentLoanPence))] : []),
        ],
        paragraphs: P60_PARAGRAPHS,
      };
    case 'P45':
      return {
        title: 'P45 Details of employee leaving work',
        rows: [
          row('Employer', employer),
          row('Employee', details.employeeName),
          row('National Insurance number', details.niNumber),
          row('Leaving date', britishDate(details.leavingDate)),
          row('Tax code at leaving date', details.taxCode),
          row('Total pay to date', gbp(details.payToDatePence)),
          row('Total tax to date', gbp(details.taxToDatePence)),
          ...(details.studentLoanToContinue ? [row('Student loan deductions', 'To continue')] : []),
        ],
        // Each part's instructions are drawn with it (files/statutory-documents.ts).
        paragraphs: [],
      };
    case 'P11D':
      return {
        title: `P11D Expenses and benefits, tax year ${taxYear}`,
        rows: [
          row('Employer', employer),
          row('Employee', details.employeeName),
          row('National Insurance number', details.niNumber),
          ...details.benefits.map((b) => row(b.name, gbp(b.cashEquivalentPence))),
          row('Total cash equivalent of benefits', gbp(details.totalCashEquivalentPence)),
        ],
        paragraphs: ['These benefits are taxable. HMRC usually collects the tax by adjusting your tax code.', 'Keep this copy with your tax records.'],
      };
    case 'pension-letter':
      return {
        title: details.title.trim(),
        rows: [
          row('Member', details.memberName),
          row('National Insurance number', details.niNumber),
          row('Scheme', details.scheme),
          ...(details.employeeContribution ? [row('Your contribution', details.employeeContribution)] : []),
          ...(details.employerContribution ? [row('Employer contribution', details.employerContribution)] : []),
          ...(details.leftOn ? [row('Date you left', britishDate(details.leftOn))] : []),
          ...(details.potValuePence !== undefined ? [row('Value of your pension pot', gbp(details.potValuePence))] : []),
        ],
        paragraphs: details.paragraphs.map((p) => p.trim()),
      };
  }
}
