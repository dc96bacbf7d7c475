// Reads of one employment's pay data, shaped as the wire contract says (pounds, ISO dates, string ids).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fromJson, pounds, toIso } from '../db/convert';
import type { OwnedEmployment } from '../http/ownership';

type Line = { name: string; amount: number };

export type PayslipView = { ID: string; payDate: string; netPay: number; grossPay: number; totalDeductions: number; deductions: Line[]; other: Line[] };
export type PayDocumentView = { ID: string; fileType: string; taxYear: string; filename: string };
export type IntranetView = { ID: string; filename: string; date: string };
export type UpdateView = { ID: string; updateHeader: string; updateFrom: string; created: string };
export type DocumentTypes = { Payslip: boolean; Documents: boolean; P45: boolean; P60: boolean; P11d: boolean; PensionLetter: boolean };

const linesInPounds = (lines: Line[]): Line[] => lines.map((l) => ({ name: l.name, amount: pounds(l.amount) }));

export class EmploymentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async payslips(employmentId: string): Promise<PayslipView[]> {
    const rows = await this.db.selectFrom('payslips').selectAll().where('employment_id', '=', employmentId).orderBy('pay_date', 'desc').orderBy('id', 'desc').execute();
    return rows.map((r) => ({
      ID: r.id,
      payDate: r.pay_date,
      netPay: pounds(r.net_pence),
      grossPay: pounds(r.gross_pence),
      totalDeductions: pounds(r.total_deductions_pence),
      deductions: linesInPounds(fromJson<Line[]>(r.deductions)),
      other: linesInPounds(fromJson<Line[]>(r.other)),
    }));
  }

  async documents(employmentId: string): Promise<PayDocumentView[]> {
    const rows = await this.db
      .selectFrom('pay_documents')
      .select(['id', 'file_type', 'tax_year', 'filename'])
      .where('employment_id', '=', employmentId)
      .orderBy('issued_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ ID: r.id, fileType: r.file_type, taxYear: r.tax_year, filename: r.filename }));
  }

  async intranet(employment: OwnedEmployment): Promise<IntranetView[]> {
    const rows = await this.db
      .selectFrom('intranet_documents')
      .select(['id', 'filename', 'published_on'])
      .where('employer_id', '=', employment.employerId)
      .orderBy('published_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ ID: r.id, filename: r.filename, date: r.published_on }));
  }

  async updates(employment: OwnedEmployment): Promise<UpdateView[]> {
    const rows = await this.db.selectFrom('updates').selectAll().where('employer_id', '=', employment.employerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map((r) => ({ ID: r.id, updateHeader: r.header, updateFrom: r.from_text, created: toIso(r.created_at) }));
  }

  async documentTypes(employment: OwnedEmployment): Promise<DocumentTypes> {
    const [payslip, intranet, types] = await Promise.all([
      this.db.selectFrom('payslips').select('id').where('employment_id', '=', employment.id).limit(1).executeTakeFirst(),
      this.db.selectFrom('intranet_documents').select('id').where('employer_id', '=', employment.employerId).limit(1).executeTakeFirst(),
      this.db.selectFrom('pay_documents').select('file_type').distinct().where('employment_id', '=', employment.id).execute(),
    ]);
    const has = new Set(types.map((t) => t.file_type));
    return { Payslip: Boolean(payslip), Documents: Boolean(intranet), P45: has.has('P45'), P60: has.has('P60'), P11d: has.has('P11D'), PensionLetter: has.has('Pension Letter') };
  }
}
