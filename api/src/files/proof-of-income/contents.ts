// What a proof-of-income pack holds: the last three payslips of the employment, oldest
// first, then its latest P60 (the employer's own PDF when it uploaded one), behind a cover that says whose they are, from which employer, the
// period they cover, when the pack was made and what is on which page. Plain data for the PDF
// worker (pdf/proof-of-income-pdf.ts); nothing to pack is null.
import { britishDate } from '../format';
import type { DocumentForPdf, PayslipForPdf, ProofOfIncomeForPdf } from '../pdf/render';
import type { PackPart } from '../pdf/proof-of-income-pdf';

export const PAYSLIPS_IN_PACK = 3;

export type ProofOfIncomeSources = {
  employeeName: string;
  employerName: string;
  /** The employment's payslips (any order; the newest three are taken). */
  payslips: readonly PayslipForPdf[];
  /** The employment's latest P60, if it has one, with the PDF its employer uploaded, if it did. */
  p60: { taxYear: string; document: DocumentForPdf; uploadedPdf?: Uint8Array | null } | null;
  /** When the pack is made. */
  now: Date;
};

const londonDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** The pay dates the payslips span or, with no payslips, the P60's tax year. */
function periodCovered(payslips: readonly PayslipForPdf[], p60TaxYear: string | null): string {
  const first = payslips[0];
  const last = payslips.at(-1);
  if (!first || !last) return `The tax year ${p60TaxYear ?? ''} (P60)`;
  return first === last ? `Payslip paid ${britishDate(first.payDate)}` : `Payslips paid ${britishDate(first.payDate)} to ${britishDate(last.payDate)}`;
}

function notes(employerName: string, payslipCount: number, hasP60: boolean): string[] {
  const notes = [`Each page after this one is a copy of a document ${employerName} issued through its pay portal, as issued.`];
  if (payslipCount < PAYSLIPS_IN_PACK) {
    notes.push(
      payslipCount === 0
        ? `${employerName} has published no payslips for this employment yet.`
        : `${employerName} has published only ${payslipCount} payslip${payslipCount === 1 ? '' : 's'} for this employment.`,
    );
  }
  if (!hasP60) notes.push('There is no P60 for this employment yet: a P60 is issued after the end of each tax year in which the employee was paid.');
  return notes;
}

export function proofOfIncomeContents({ employeeName, employerName, payslips, p60, now }: ProofOfIncomeSources): ProofOfIncomeForPdf | null {
  const chosen = [...payslips].sort((a, b) => a.payDate.localeCompare(b.payDate)).slice(-PAYSLIPS_IN_PACK);
  if (chosen.length === 0 && !p60) return null;
  const parts: PackPart[] = chosen.map((payslip) => ({ label: `Payslip paid ${britishDate(payslip.payDate)}`, kind: 'payslip', payslip }));
  if (p60?.uploadedPdf) parts.push({ label: p60.document.title, kind: 'uploaded', pdf: p60.uploadedPdf, document: p60.document });
  else if (p60) parts.push({ label: p60.document.title, kind: 'document', document: p60.document });
  return {
    employeeName,
    employerName,
    coverRows: [
      { label: 'Name', value: employeeName },
      { label: 'Employer', value: employerName },
      { label: 'Period covered', value: periodCovered(chosen, p60?.taxYear ?? null) },
      ...(p60 ? [{ label: 'P60 for the tax year', value: p60.taxYear }] : []),
      { label: 'Generated', value: londonDate.format(now) },
    ],
    coverNotes: notes(employerName, chosen.length, p60 !== null),
    parts,
  };
}
