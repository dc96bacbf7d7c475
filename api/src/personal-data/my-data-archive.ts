// The "Download my data" ZIP: a short README, my-data.json, and a folder per employment with its
// payslips and documents as PDFs, streamed as each is drawn (files/archive/zip.ts), never held whole.
import type { ArchiveEntry } from '../files/archive/zip';
import type { FileRepository } from '../files/repository';
import type { PdfRenderer } from '../files/pdf/pool';
import type { MyData } from './my-data-shape';
import type { MyDataFile } from './my-data';

const README = `Your pay portal data
====================

my-data.json holds everything the pay portal keeps about you:
- profile: your sign-in account (never your password), your record in the portal, and whether an
  authenticator app is set up;
- employments: each employment linked to your account, with its payslips and documents (money in
  pounds, dates as YYYY-MM-DD) and the PDF files of them in this ZIP;
- notificationPreferences: how you chose to hear of new payslips and P60s.
- passkeys: the passkeys you added, by name, with when each was added and last used.
- signInHistory: every sign-in attempt of the last 90 days: when, the browser, the address, what happened.
- payrollQuestions: the questions you asked payroll about payslip lines, with their answers.

Each folder is an employer: the PDFs are your payslips, P60s, P45s, P11Ds and pension letters from it.
Your employers keep their own payroll records; ask them for anything they hold that is not here.
`;

/** '2026-11-23 My pay portal data.zip' (the day it was made). */
export function myDataArchiveName(madeOn: string): string {
  return `${madeOn.slice(0, 10)} My pay portal data.zip`;
}

/** The ZIP's entries in order; each PDF is drawn (or read, when the employer uploaded it) as the ZIP reaches it. */
export function myDataEntries(data: MyData, pdfs: readonly MyDataFile[], files: FileRepository, renderer: PdfRenderer, now: Date): ArchiveEntry[] {
  return [
    { name: 'README.txt', modified: now, content: async () => Buffer.from(README, 'utf8') },
    { name: 'my-data.json', modified: now, content: async () => Buffer.from(`${JSON.stringify(data, null, 2)}\n`, 'utf8') },
    ...pdfs.map(({ path, file }) => ({
      name: path,
      modified: new Date(`${file.date}T12:00:00Z`),
      content: async () => (file.uploaded ? files.storedPdf(file.id) : renderer.render(file.pdf)),
    })),
  ];
}
