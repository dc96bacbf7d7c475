// What a drawn P60 and P45 show beyond the rows payroll sent: the employer's PAYE reference and
// address and the payroll number (migration 027), a P60's National Insurance table and HMRC's
// words for a printed eP60, a P45's parts with each part's instructions. Older stored details are
// shaped the same way, so no document carries a sentence it no longer makes true.
import { gbp } from './format';
import type { DocumentForPdf, DocumentSection } from './pdf/document-pdf';
import type { NiBands } from './p60-national-insurance';

/** The employer's and employment's identifiers a payslip, P60 and P45 name. */
export type PayIdentifiers = {
  employerAddress: string | null;
  payeReference: string | null;
  payrollNumber: string | null;
  studentLoanPlan: string | null;
};

type Row = { label: string; value: string };

const STUDENT_LOAN_PLANS: Record<string, string> = {
  plan1: 'Plan 1',
  plan2: 'Plan 2',
  plan4: 'Plan 4',
  plan5: 'Plan 5',
  postgraduate: 'Postgraduate Loan',
};

export const studentLoanPlanName = (plan: string | null): string | null => (plan ? (STUDENT_LOAN_PLANS[plan] ?? plan) : null);

/** The address on one line, its lines joined by commas. */
export const oneLineAddress = (address: string | null): string | null =>
  address
    ? address
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join(', ')
    : null;

/** The identifier rows, those given, after the row labelled `after` (or first). */
function withIdentifiers(rows: Row[], ids: PayIdentifiers, after: string): Row[] {
  const added: Row[] = [];
  const address = oneLineAddress(ids.employerAddress);
  if (address) added.push({ label: 'Employer address', value: address });
  if (ids.payeReference) added.push({ label: 'Employer PAYE reference', value: ids.payeReference });
  if (ids.payrollNumber) added.push({ label: 'Payroll number', value: ids.payrollNumber });
  const at = rows.findIndex((r) => r.label === after) + 1;
  return [...rows.slice(0, at), ...added, ...rows.slice(at)];
}

/** HMRC's words to the employee on a P60, and its words for a substitute the employee prints. */
export const P60_PARAGRAPHS = [
  'This form shows your total pay for Income Tax purposes in this employment for the year. Please keep it in a safe place: you will need it if you have to fill in a tax return. It also helps you check that your employer is using the correct National Insurance number and deducting the right rate of National Insurance contributions.',
  'This is a printed copy of an eP60.',
];

function niSection(bands: NiBands[]): DocumentSection {
  const rows = bands.flatMap((b) => [
    { label: 'NI category letter', value: b.letter },
    { label: 'Earnings at the Lower Earnings Limit (LEL)', value: gbp(b.atLelPence) },
    { label: 'Earnings above the LEL, up to and including the Primary Threshold (PT)', value: gbp(b.lelToPtPence) },
    { label: 'Earnings above the PT, up to and including the Upper Earnings Limit (UEL)', value: gbp(b.ptToUelPence) },
    { label: "Employee's contributions due on all earnings above the PT", value: gbp(b.contributionsPence) },
  ]);
  return { title: 'National Insurance contributions in this employment', rows };
}

/** Said where the bands cannot be worked out: they are never guessed from part of a year. */
const NI_UNKNOWN: DocumentSection = {
  title: 'National Insurance contributions in this employment',
  instructions: [
    "The earnings in each National Insurance band are worked out from the year's payslips, and not every payslip of this tax year is in the portal. Your employer's payroll records hold them.",
  ],
  rows: [],
};

/** A drawn P60: identifiers, the NI table (when the year's payslips give it) and HMRC's words. */
export function p60ForPdf(base: DocumentForPdf, ids: PayIdentifiers, bands: NiBands[] | null): DocumentForPdf {
  return {
    ...base,
    rows: withIdentifiers(base.rows, ids, 'Employer'),
    sections: [bands?.length ? niSection(bands) : NI_UNKNOWN],
    paragraphs: P60_PARAGRAPHS,
  };
}

const IDENTITY_LABELS = new Set(['Employer', 'Employer address', 'Employer PAYE reference', 'Employee', 'Payroll number', 'National Insurance number']);

/**
 * A drawn P45 in HMRC's parts: Part 1 (which the employer sends HMRC online), Part 1A (the
 * employee's), then Parts 2 and 3 on a page of their own, for the new employer.
 */
export function p45ForPdf(base: DocumentForPdf, ids: PayIdentifiers): DocumentForPdf {
  const rows = withIdentifiers(base.rows, ids, 'Employer');
  const identity = rows.filter((r) => IDENTITY_LABELS.has(r.label));
  const leaving = rows.filter((r) => !IDENTITY_LABELS.has(r.label));
  return {
    ...base,
    rows: identity,
    sections: [
      {
        title: 'Part 1: details of employee leaving work, for HMRC',
        instructions: [
          'Your employer reports these details to HMRC online, in its payroll submission for your last pay. There is nothing for you to do with Part 1.',
        ],
        rows: [],
      },
      {
        title: 'Part 1A: copy for the employee',
        instructions: [
          'Keep Part 1A safe for your records. You may need its figures to fill in a Self Assessment tax return, or to claim back tax if you do not start another job.',
        ],
        rows: leaving,
      },
      {
        title: 'Part 2: for the new employer',
        instructions: [
          "To the employee: give Parts 2 and 3 to your new employer when you start work. If you claim Jobseeker's Allowance or Employment and Support Allowance instead, take them to Jobcentre Plus. Otherwise keep them.",
          "To the new employer: use the tax code and figures below to work out your new employee's tax, and keep Part 2.",
        ],
        rows: [...identity, ...leaving],
        newPage: true,
      },
      {
        title: 'Part 3: new employee details, for the new employer',
        instructions: [
          "To the new employer: fill in the new employment's details below and use them, with this P45's figures, in your first Full Payment Submission for the employee. Keep Part 3; do not send it to HMRC.",
        ],
        rows: [
          ...leaving,
          { label: 'New employer PAYE reference', value: '________________' },
          { label: 'Date new employment started', value: '________________' },
          { label: 'Payroll number at the new employer', value: '________________' },
        ],
      },
    ],
    paragraphs: [],
  };
}
