// What a proof-of-income pack holds: the last three payslips of the employment, oldest
// first, then its latest P60 (the employer's own PDF when it uploaded one), behind a cover that says whose they are, from which employer, the
// period they cover, when the pack was made and what is on which page. Plain data for the PDF
// worker (pdf/proof-of-income-pdf.ts); nothing to pack is null.
import { britishDate, gbp } from '../format';
import { oneLineAddress } from '../statutory-documents';
import type { PayIdentifiers } from '../statutory-documents';
import type { DocumentForPdf, PayslipForPdf, ProofOfIncomeForPdf } from '../pdf/render';
import type { PackCheck, PackPart } from '../pdf/proof-of-income-pdf';

export const PAYSLIPS_IN_PACK = 3;

export type ProofOfIncomeSources = {
  employeeName: string;
  employerName: string;
  /** The employment's payslips (any order; the newest three are taken). */
  payslips: readonly PayslipForPdf[];
  /** The employment's latest P60, if it has one, with the PDF its employer uploaded, if it did. */
  p60: { taxYear: string; document: DocumentForPdf; uploadedPdf?: Uint8Array | null } | null;
  /** The employer's address and PAYE reference and the payroll number, where given. */
  identifiers?: PayIdentifiers;
  /** When the pack is made. */
  now: Date;
  /** Its verification code and where a lender checks it. */
  check: PackCheck;
};

/** What a pack covers, as kept with its code (issued-pack-repository.ts). */
export type PackCovers = { firstPayDate: string | null; lastPayDate: string | null; p60TaxYear: string | null };

const londonDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** The pay dates the payslips span or, with no payslips, the P60's tax year. */
function periodCovered(payslips: readonly PayslipForPdf[], p60TaxYear: string | null): string {
  const first = payslips[0];
  const last = payslips.at(-1);
  if (!first || !last) return `The tax year ${p60TaxYear ?? ''} (P60)`;
  return first === last ? `Payslip paid ${britishDate(first.payDate)}` : `Payslips paid ${britishDate(first.payDate)} to ${britishDate(last.payDate)}`;
}

function notes(employerName: string, payslipCount: number, hasP60: boolean): string[] {
  const notes = [`Each page after this one is a copy of a payslip or P60 ${employerName} issued through its pay portal.`];
  if (payslipCount < PAYSLIPS_IN_PACK) {
    notes.push(
      payslipCount === 0
        ? `${employerName} has published no payslips to the employee yet.`
        : `${employerName} has published only ${payslipCount} payslip${payslipCount === 1 ? '' : 's'} to the employee.`,
    );
  }
  if (!hasP60) notes.push(`There is no P60 from ${employerName} yet: a P60 is issued after the end of each tax year in which the employee was paid.`);
  return notes;
}

/** The name as the P60 spells it (the employee's legal name, as HMRC has it), else as the payroll record does. */
function nameOnP60(p60: DocumentForPdf | null, fallback: string): string {
  return p60?.rows.find((row) => row.label === 'Employee')?.value ?? fallback;
}

const sumOf = (payslips: readonly PayslipForPdf[], amount: (p: PayslipForPdf) => number) => payslips.reduce((sum, p) => sum + amount(p), 0);
const deduction = (p: PayslipForPdf, name: string) => p.deductions.find((d) => d.name === name)?.amount ?? 0;

/** The pack's payslips added up: what a lender reads first. */
function incomeSummary(payslips: readonly PayslipForPdf[]): { label: string; value: string }[] {
  if (!payslips.length) return [];
  const tax = sumOf(payslips, (p) => deduction(p, 'Income Tax'));
  const ni = sumOf(payslips, (p) => deduction(p, 'National Insurance'));
  const deductions = sumOf(payslips, (p) => p.totalDeductionsPence);
  return [
    { label: 'Payslips', value: String(payslips.length) },
    { label: 'Gross pay', value: gbp(sumOf(payslips, (p) => p.grossPence)) },
    { label: 'Income Tax', value: gbp(tax) },
    { label: 'National Insurance', value: gbp(ni) },
    { label: 'Other deductions', value: gbp(deductions - tax - ni) },
    { label: 'Net pay', value: gbp(sumOf(payslips, (p) => p.netPence)) },
  ];
}

export function proofOfIncomeContents({
  employeeName,
  employerName,
  payslips,
  p60,
  identifiers,
  now,
  check,
}: ProofOfIncomeSources): { pack: ProofOfIncomeForPdf; covers: PackCovers } | null {
  const name = nameOnP60(p60?.document ?? null, employeeName);
  const chosen = [...payslips]
    .sort((a, b) => a.payDate.localeCompare(b.payDate))
    .slice(-PAYSLIPS_IN_PACK)
    .map((payslip) => ({ ...payslip, employeeName: name }));
  if (chosen.length === 0 && !p60) return null;
  const parts: PackPart[] = chosen.map((payslip) => ({ label: `Payslip paid ${britishDate(payslip.payDate)}`, kind: 'payslip', payslip }));
  if (p60?.uploadedPdf) parts.push({ label: p60.document.title, kind: 'uploaded', pdf: p60.uploadedPdf, document: p60.document });
  else if (p60) parts.push({ label: p60.document.title, kind: 'document', document: p60.document });
  const address = oneLineAddress(identifiers?.employerAddress ?? null);
  const pack: ProofOfIncomeForPdf = {
    employeeName: name,
    employerName,
    coverRows: [
      { label: 'Name', value: name },
      { label: 'Employer', value: employerName },
      ...(address ? [{ label: 'Employer address', value: address }] : []),
      ...(identifiers?.payeReference ? [{ label: 'PAYE reference', value: identifiers.payeReference }] : []),
      ...(identifiers?.payrollNumber ? [{ label: 'Payroll number', value: identifiers.payrollNumber }] : []),
      { label: 'Period covered', value: periodCovered(chosen, p60?.taxYear ?? null) },
      ...(p60 ? [{ label: 'P60 for the tax year', value: p60.taxYear }] : []),
      { label: 'Generated', value: londonDate.format(now) },
    ],
    summary: incomeSummary(chosen),
    coverNotes: notes(employerName, chosen.length, p60 !== null),
    parts,
    check,
  };
  return { pack, covers: { firstPayDate: chosen[0]?.payDate ?? null, lastPayDate: chosen.at(-1)?.payDate ?? null, p60TaxYear: p60?.taxYear ?? null } };
}
