// What a PDF worker thread does (pool.ts): loaded through tsx by worker.cjs in development and
// tests, and built into dist/worker.cjs for production (api/build.mjs).
import { renderPdf } from './render';
import type { PdfJob } from './render';
import { cleanUploadedPdf } from './uploaded-pdf';

/** One PDF; the Buffer reaches the main thread as a Uint8Array (structured clone). */
export default function render(job: PdfJob): Promise<Buffer> {
  return renderPdf(job);
}

/** An employer's upload, checked and written anew: the answer is plain data. */
export function cleanUpload({ pdf, maxPages }: { pdf: Uint8Array; maxPages: number }) {
  return cleanUploadedPdf(pdf, maxPages);
}

/** A payslip and a document of made-up figures, drawn and thrown away. */
const WARM_UP: PdfJob[] = [
  {
    kind: 'payslip',
    payslip: {
      employerName: 'Employer',
      employeeName: 'Employee',
      niNumber: 'QQ123456C',
      taxCode: '1257L',
      payDate: '2026-04-30',
      grossPence: 250_000,
      totalDeductionsPence: 50_000,
      netPence: 200_000,
      deductions: [
        { name: 'Income Tax', amount: 30_000 },
        { name: 'National Insurance', amount: 20_000 },
      ],
      other: [{ name: 'Employer pension', amount: 7_500 }],
      taxPeriod: 1,
      earnings: [{ kind: 'basic', name: 'Salary', amount: 250_000 }],
      yearToDate: { grossPence: 250_000, taxablePence: 250_000, incomeTaxPence: 30_000, nationalInsurancePence: 20_000 },
    },
  },
  {
    kind: 'document',
    document: { organisation: 'Employer', title: 'Document', issuedOn: '2026-04-30', rows: [{ label: 'Employee', value: 'Employee' }], paragraphs: ['Text.'] },
  },
];

/**
 * The thread's first PDFs cost many times what later ones do (the fonts parsed, the drawing code
 * compiled, the words of every payslip shaped): drawn once when the API starts listening
 * (pool.ts, PdfRenderer.warm), before anyone downloads one.
 */
export async function warm(): Promise<number> {
  for (const job of WARM_UP) await renderPdf(job);
  return WARM_UP.length;
}
