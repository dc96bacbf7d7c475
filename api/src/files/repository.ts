// Finds a file of one employment and says what its PDF shows (drawn by pdf/pool.ts). A file id that
// is not this employment's (or its employer's, for shared documents) is simply not found.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fromJson } from '../db/convert';
import type { DocumentDetails } from '../db/seed';
import type { OwnedEmployment } from '../http/ownership';
import type { PdfJob } from './pdf/render';

export type OwnedFile = { id: string; filename: string; pdf: PdfJob };

type Line = { name: string; amount: number };

export class FileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A payslip or a pay document (P60, P45, P11D, pension letter) of this employment. */
  async payFile(employment: OwnedEmployment, fileId: string): Promise<OwnedFile | null> {
    const slip = await this.db.selectFrom('payslips').selectAll().where('id', '=', fileId).where('employment_id', '=', employment.id).executeTakeFirst();
    if (slip) {
      return {
        id: slip.id,
        filename: 'Payslip.pdf',
        pdf: {
          kind: 'payslip',
          payslip: {
            employerName: employment.employerName,
            employeeName: employment.employeeName,
            niNumber: employment.niNumber,
            taxCode: employment.taxCode,
            payDate: slip.pay_date,
            grossPence: slip.gross_pence,
            totalDeductionsPence: slip.total_deductions_pence,
            netPence: slip.net_pence,
            deductions: fromJson<Line[]>(slip.deductions),
            other: fromJson<Line[]>(slip.other),
          },
        },
      };
    }
    const doc = await this.db.selectFrom('pay_documents').selectAll().where('id', '=', fileId).where('employment_id', '=', employment.id).executeTakeFirst();
    if (doc) {
      const details = fromJson<DocumentDetails>(doc.details);
      return {
        id: doc.id,
        filename: doc.filename,
        pdf: { kind: 'document', document: { organisation: employment.employerName, title: details.title, issuedOn: doc.issued_on, rows: details.rows, paragraphs: details.paragraphs } },
      };
    }
    return null;
  }

  /** A document the employment's employer shares with its staff. */
  async intranetFile(employment: OwnedEmployment, fileId: string): Promise<OwnedFile | null> {
    const doc = await this.db.selectFrom('intranet_documents').selectAll().where('id', '=', fileId).where('employer_id', '=', employment.employerId).executeTakeFirst();
    if (!doc) return null;
    return {
      id: doc.id,
      filename: doc.filename,
      pdf: { kind: 'document', document: { organisation: employment.employerName, title: doc.title, issuedOn: doc.published_on, rows: [], paragraphs: doc.body.split('\n\n') } },
    };
  }
}
