// Demo data, seeded into an empty database on first start (api/README.md "Demo sign-ins"):
// two employers; Alex (two employments, one ended) with a year of payslips and documents; Sam
// (one employment) to prove users see only their own data; and unlinked records for linking.
// The employers' pay data is in import files (api/demo/*.json), loaded as payroll would load it.
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { nowIso, toJson } from './convert';
import { hashPassword } from '../auth/passwords';
import { sha256 } from '../auth/secrets';
import fs from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../config';
import { anythingRefused, runImport, summaryLines } from '../employer-api/import-run';
import { noProgress } from '../employer-api/import-progress';
import { externalIds } from '../employer-api/publish-repository';
import { p60Of, runPayroll, type PayrollPayslip } from '../payroll/run';
import { britishDate, gbp } from '../files/format';
import { alexBrightwaterPlan, alexNorthwindPlan, samLastYearPlan } from './demo/plans';

export const DEMO_PASSWORD = 'Payslips-2026';

export const DEMO = {
  alex: { id: '5f0c2a9e-3d4b-4e7a-9c1f-a1e000000001', email: 'alex.morgan@example.com' },
  sam: { id: '5f0c2a9e-3d4b-4e7a-9c1f-a1e000000002', email: 'sam.patel@example.com' },
  employers: { northwind: 'er_northwind', brightwater: 'er_brightwater' },
  employments: {
    alexNorthwind: 'em_alex_northwind',
    alexBrightwater: 'em_alex_brightwater',
    samBrightwater: 'em_sam_brightwater',
    newStarter: 'em_new_starter',
    invite: 'em_invite_demo',
  },
  invitation: { token: 'INVITE-2026-DEMO', phone: '07700900123' },
} as const;

/** Document details: the rows and paragraphs its PDF shows. */
export type DocumentDetails = { title: string; rows: { label: string; value: string }[]; paragraphs: string[] };

/** The demo employers' pay data, kept as import files in api/demo (api/README.md "Demo data"). */
const DEMO_FILES = [
  { employerId: DEMO.employers.northwind, file: 'northwind.json' },
  { employerId: DEMO.employers.brightwater, file: 'brightwater.json' },
] as const;

export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('employers').select('id').limit(1).executeTakeFirst();
  return Boolean(row);
}

/**
 * Seeds in three steps: the employers and the sign-in accounts; the pay data, imported from the
 * demo files through the import command's own code path (checks, rules, repository); then what
 * only the seed can make: demo users linked to their employments, the invitation, the pay documents
 * drawn from their details (the API publishes documents only as PDF files, without a P60's figures)
 * and the updates (the API dates an update when it is published; the demo's are from the past).
 */
export async function seedDemoData(db: Kysely<Database>, scryptCost?: number): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, scryptCost);
  const now = nowIso();

  await db.transaction().execute(async (trx) => {
    for (const [user, first, middle, last, mobile, birth, ni] of [
      [DEMO.alex, 'Alex', 'Jordan', 'Morgan', '07700900456', '1988-06-12', 'AB987654B'],
      [DEMO.sam, 'Sam', null, 'Patel', '07700900789', '1992-11-03', 'AB246810D'],
    ] as const) {
      await trx
        .insertInto('identity_users')
        .values({
          id: user.id,
          email: user.email,
          password_hash: passwordHash,
          first_name: first,
          middle_name: middle,
          last_name: last,
          mobile_phone: mobile,
          birth_date: birth,
          ni_number: ni,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('users')
        .values({ id: user.id, email: user.email, privacy_policy_accepted: true, privacy_policy_accepted_at: now, created_at: now })
        .execute();
    }

    await trx
      .insertInto('employers')
      .values([
        { id: DEMO.employers.northwind, name: 'Northwind Logistics Ltd' },
        { id: DEMO.employers.brightwater, name: 'Brightwater Foods plc' },
      ])
      .execute();
  });

  for (const { employerId, file } of DEMO_FILES) {
    const data: unknown = JSON.parse(fs.readFileSync(path.join(API_ROOT, 'demo', file), 'utf8'));
    // The demo keeps the files' own ids as internal ids: tests, docs and links name them.
    const summary = await runImport(db, employerId, data, noProgress, externalIds);
    if (anythingRefused(summary)) throw new Error(`The demo file api/demo/${file} was refused:\n${summaryLines(summary).join('\n')}`);
  }

  await db.transaction().execute(async (trx) => {
    for (const [employmentId, user] of [
      [DEMO.employments.alexNorthwind, DEMO.alex],
      [DEMO.employments.alexBrightwater, DEMO.alex],
      [DEMO.employments.samBrightwater, DEMO.sam],
    ] as const) {
      await trx.updateTable('employments').set({ user_id: user.id, linked_at: now }).where('id', '=', employmentId).execute();
    }
    await trx
      .updateTable('employments')
      .set({ invitation_token_hash: sha256(DEMO.invitation.token) })
      .where('id', '=', DEMO.employments.invite)
      .execute();

    const docs = payDocuments(runPayroll(alexNorthwindPlan), runPayroll(alexBrightwaterPlan));
    await trx
      .insertInto('pay_documents')
      .values(docs.map((d) => ({ ...d, details: toJson(d.details), figures: d.figures ?? null })))
      .execute();
    await trx.insertInto('updates').values(updates()).execute();
  });
}

/** A P60's PDF details and its figures (pence), from the payslips of its year. */
function p60(employer: string, employee: string, ni: string, taxYear: string, slips: PayrollPayslip[]): { details: DocumentDetails; figures: string } {
  const year = p60Of(slips, taxYear);
  return {
    details: {
      title: `P60 End of Year Certificate, tax year ${taxYear}`,
      rows: [
        { label: 'Employer', value: employer },
        { label: 'Employee', value: employee },
        { label: 'National Insurance number', value: ni },
        { label: 'Final tax code', value: year.finalTaxCode },
        { label: 'Pay in this employment', value: gbp(year.payPence) },
        { label: 'Tax deducted in this employment', value: gbp(year.taxPence) },
        { label: 'Employee National Insurance contributions', value: gbp(year.nationalInsurancePence) },
        ...(year.studentLoanPence > 0 ? [{ label: 'Student loan deductions', value: gbp(year.studentLoanPence) }] : []),
      ],
      paragraphs: [
        'Keep this certificate in a safe place. You will need it if you fill in a tax return or claim tax credits.',
        'This is a copy of the certificate your employer gave you at the end of the tax year.',
      ],
    },
    figures: toJson(year),
  };
}

function payDocuments(alexNorthwind: PayrollPayslip[], alexBrightwater: PayrollPayslip[]) {
  const leaving = p60Of(alexBrightwater, '2024/25');
  type Doc = {
    id: string;
    employment_id: string;
    file_type: string;
    tax_year: string;
    filename: string;
    issued_on: string;
    details: DocumentDetails;
    figures?: string;
  };
  const docs: Doc[] = [
    {
      id: 'doc_alex_nw_p60_2526',
      employment_id: DEMO.employments.alexNorthwind,
      file_type: 'P60',
      tax_year: '2025/26',
      filename: 'P60-2025-26.pdf',
      issued_on: '2026-05-29',
      ...p60('Northwind Logistics Ltd', 'Alex Jordan Morgan', 'AB987654B', '2025/26', alexNorthwind),
    },
    {
      id: 'doc_alex_nw_p11d_2526',
      employment_id: DEMO.employments.alexNorthwind,
      file_type: 'P11D',
      tax_year: '2025/26',
      filename: 'P11D-2025-26.pdf',
      issued_on: '2026-07-03',
      details: {
        title: 'P11D Expenses and benefits, tax year 2025/26',
        rows: [
          { label: 'Employer', value: 'Northwind Logistics Ltd' },
          { label: 'Employee', value: 'Alex Jordan Morgan' },
          { label: 'National Insurance number', value: 'AB987654B' },
          { label: 'Private medical insurance', value: gbp(124_000) },
          { label: 'Gym membership', value: gbp(36_000) },
          { label: 'Total cash equivalent of benefits', value: gbp(160_000) },
        ],
        paragraphs: ['These benefits are taxable. HMRC usually collects the tax by adjusting your tax code.', 'Keep this copy with your tax records.'],
      },
    },
    {
      id: 'doc_alex_nw_pension_2627',
      employment_id: DEMO.employments.alexNorthwind,
      file_type: 'Pension Letter',
      tax_year: '2026/27',
      filename: 'Pension-letter-2026-27.pdf',
      issued_on: '2026-04-10',
      details: {
        title: 'Your workplace pension from 6 April 2026',
        rows: [
          { label: 'Member', value: 'Alex Jordan Morgan' },
          { label: 'National Insurance number', value: 'AB987654B' },
          { label: 'Scheme', value: 'Northwind Logistics Group Personal Pension' },
          { label: 'Your contribution', value: '5% of pay' },
          { label: 'Northwind contribution', value: '3% of pay' },
        ],
        paragraphs: [
          'Dear Alex,',
          'You are a member of our workplace pension scheme. Your contributions are taken from your pay before tax, so you get tax relief straight away.',
          'You can change how much you pay in, or opt out, by contacting the HR team. If you opt out you lose your employer’s contribution.',
          'Yours sincerely,\nPayroll team, Northwind Logistics Ltd',
        ],
      },
    },
    {
      id: 'doc_alex_bw_p60_2324',
      employment_id: DEMO.employments.alexBrightwater,
      file_type: 'P60',
      tax_year: '2023/24',
      filename: 'P60-2023-24.pdf',
      issued_on: '2024-05-31',
      ...p60('Brightwater Foods plc', 'Alex Jordan Morgan', 'AB987654B', '2023/24', alexBrightwater),
    },
    {
      id: 'doc_alex_bw_p45_2425',
      employment_id: DEMO.employments.alexBrightwater,
      file_type: 'P45',
      tax_year: '2024/25',
      filename: 'P45-2024-25.pdf',
      issued_on: '2025-03-31',
      details: {
        title: 'P45 Details of employee leaving work',
        rows: [
          { label: 'Employer', value: 'Brightwater Foods plc' },
          { label: 'Employee', value: 'Alex Jordan Morgan' },
          { label: 'National Insurance number', value: 'AB987654B' },
          { label: 'Leaving date', value: britishDate('2025-03-31') },
          { label: 'Tax code at leaving date', value: leaving.finalTaxCode },
          { label: 'Total pay to date', value: gbp(leaving.payPence) },
          { label: 'Total tax to date', value: gbp(leaving.taxPence) },
          { label: 'Student loan deductions', value: 'To continue' },
        ],
        paragraphs: ['Give parts 2 and 3 to your new employer, or keep them if you are not working. Keep part 1A for your records.'],
      },
    },
    {
      id: 'doc_alex_bw_pension_2425',
      employment_id: DEMO.employments.alexBrightwater,
      file_type: 'Pension Letter',
      tax_year: '2024/25',
      filename: 'Pension-leaving-statement-2024-25.pdf',
      issued_on: '2025-04-25',
      details: {
        title: 'Pension leaving statement',
        rows: [
          { label: 'Member', value: 'Alex Jordan Morgan' },
          { label: 'National Insurance number', value: 'AB987654B' },
          { label: 'Scheme', value: 'Brightwater Foods Retirement Savings Plan' },
          { label: 'Date you left', value: britishDate('2025-03-31') },
          { label: 'Value of your pension pot', value: gbp(1_482_065) },
        ],
        paragraphs: [
          'Dear Alex,',
          'You have left Brightwater Foods plc. Your pension pot stays invested in your name. You can leave it where it is or transfer it to your new employer’s scheme.',
          'Yours sincerely,\nPensions team, Brightwater Foods plc',
        ],
      },
    },
    {
      id: 'doc_sam_bw_p60_2526',
      employment_id: DEMO.employments.samBrightwater,
      file_type: 'P60',
      tax_year: '2025/26',
      filename: 'P60-2025-26.pdf',
      issued_on: '2026-05-29',
      ...p60('Brightwater Foods plc', 'Sam Patel', 'AB246810D', '2025/26', runPayroll(samLastYearPlan)),
    },
    {
      id: 'doc_sam_bw_pension_2627',
      employment_id: DEMO.employments.samBrightwater,
      file_type: 'Pension Letter',
      tax_year: '2026/27',
      filename: 'Pension-letter-2026-27.pdf',
      issued_on: '2026-04-10',
      details: {
        title: 'Your workplace pension from 6 April 2026',
        rows: [
          { label: 'Member', value: 'Sam Patel' },
          { label: 'National Insurance number', value: 'AB246810D' },
          { label: 'Scheme', value: 'Brightwater Foods Retirement Savings Plan' },
          { label: 'Your contribution', value: '5% of pay' },
        ],
        paragraphs: [
          'Dear Sam,',
          'Your pension contributions continue at the same rates this tax year.',
          'Yours sincerely,\nPensions team, Brightwater Foods plc',
        ],
      },
    },
  ];
  return docs;
}

function updates() {
  const u = (id: string, employer: string, header: string, from: string, created: string) => ({
    id,
    employer_id: employer,
    header,
    from_text: from,
    created_at: created,
  });
  return [
    u('upd_nw_oct_pay', DEMO.employers.northwind, 'Your October payslip is ready', 'Payroll team', '2026-10-30T07:00:00.000Z'),
    u('upd_nw_handbook', DEMO.employers.northwind, 'The 2026 staff handbook is on the intranet', 'HR team', '2026-09-01T09:30:00.000Z'),
    u('upd_nw_pay_rise', DEMO.employers.northwind, 'Pay rise of 3.5% from 1 April 2026', 'HR team', '2026-03-16T10:00:00.000Z'),
    u('upd_bw_oct_pay', DEMO.employers.brightwater, 'October pay has been processed', 'Payroll team', '2026-10-29T16:00:00.000Z'),
    u('upd_bw_benefits', DEMO.employers.brightwater, 'New benefits guide published', 'People team', '2026-06-15T08:00:00.000Z'),
    // While Alex still worked there (his Brightwater employment ended on 31 March 2025).
    u(
      'upd_bw_holiday_year',
      DEMO.employers.brightwater,
      'Book your remaining holiday before the holiday year ends on 31 March',
      'HR team',
      '2025-02-03T09:00:00.000Z',
    ),
  ];
}
