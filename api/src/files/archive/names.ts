// Names a person understands for the files of a tax-year download:
// '2026-10-30 Payslip - Northwind Logistics.pdf', '2025-26 P60 - Northwind Logistics.pdf'.
// Safe on Windows, macOS and Linux, and never two alike in one archive.

export type PayDocumentKind = 'P60' | 'P45' | 'P11D' | 'Pension Letter';

const KIND_LABEL: Record<PayDocumentKind, string> = { P60: 'P60', P45: 'P45', P11D: 'P11D', 'Pension Letter': 'Pension letter' };

const MAX_NAME_LENGTH = 120; // well inside every file system's 255, with room for ' (2)' and a folder

// Control characters are what this pattern is for.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/** Characters no common file system accepts in a name, and control characters, become spaces. */
export function safeFilePart(text: string): string {
  const cleaned = text.replace(UNSAFE_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim();
  // A name may not end in a dot or a space on Windows, nor be only dots.
  return cleaned.replace(/[. ]+$/, '') || 'Employer';
}

/** '2025/26' → '2025-26' (a slash cannot be in a file name). */
export function taxYearForFileName(taxYear: string): string {
  return taxYear.replace('/', '-');
}

function withLimit(stem: string, extension: string): string {
  return `${stem.length > MAX_NAME_LENGTH ? stem.slice(0, MAX_NAME_LENGTH).trimEnd() : stem}${extension}`;
}

export function payslipFileName(payDate: string, employerName: string): string {
  return withLimit(`${payDate.slice(0, 10)} Payslip - ${safeFilePart(employerName)}`, '.pdf');
}

export function payDocumentFileName(kind: PayDocumentKind, taxYear: string, employerName: string): string {
  return withLimit(`${taxYearForFileName(taxYear)} ${KIND_LABEL[kind]} - ${safeFilePart(employerName)}`, '.pdf');
}

export function taxYearArchiveName(taxYear: string, employerName: string): string {
  return withLimit(`${taxYearForFileName(taxYear)} Pay documents - ${safeFilePart(employerName)}`, '.zip');
}

/** '2026-11-23 Proof of income - Northwind Logistics.pdf' (the day it was made). */
export function proofOfIncomeFileName(madeOn: string, employerName: string): string {
  return withLimit(`${madeOn.slice(0, 10)} Proof of income - ${safeFilePart(employerName)}`, '.pdf');
}

/** Gives each name once: the second 'a.pdf' becomes 'a (2).pdf', compared without case. */
export function uniqueNamer(): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
