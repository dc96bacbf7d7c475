// `pnpm --filter api bench:pdf-render`: how long one PDF of each kind takes to draw, and its size,
// in one thread as a PDF worker draws them (no HTTP, no database): a payslip, a P60, a P45, a P11D,
// a pension letter, a shared document and a proof-of-income pack (a payslip and a P60 behind a
// cover). Each kind is drawn once cold (the first PDF of the process, fonts and all), then
// BENCH_ROUNDS times (default 200) in turns with the others, each draw with a different employee
// name and figures, so nothing is drawn twice. Each draw's wall time and the CPU time the process used for it are
// taken (CPU time moves less when other work shares the machine). Figures to stdout and
// bench/results/api-pdf-render.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { P60_PARAGRAPHS, p45ForPdf, p60ForPdf } from '../src/files/statutory-documents';
import type { DocumentForPdf } from '../src/files/pdf/document-pdf';
import type { PayslipForPdf } from '../src/files/pdf/payslip-pdf';
import { renderPdf } from '../src/files/pdf/render';
import type { PdfJob } from '../src/files/pdf/render';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const NAMES = ['Alex Example', 'Siân Llewellyn', 'Gwenllïan Rhŷs', 'Dafydd ap Gruffydd', "Róisín O'Neill", 'Zoë Brontë-Smith'];
const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

function payslip(n: number): PayslipForPdf {
  const gross = 320_000 + n * 7;
  return {
    employerName: 'Northwind Traders Ltd',
    employeeName: NAMES[n % NAMES.length]!,
    niNumber: 'QQ123456C',
    taxCode: '1257L',
    payDate: '2026-10-30',
    grossPence: gross,
    totalDeductionsPence: 64_609,
    netPence: gross - 64_609,
    deductions: [
      { name: 'Income Tax', amount: 50_609 },
      { name: 'National Insurance', amount: 14_000 },
      { name: 'Student loan', amount: 0 },
    ],
    other: [{ name: 'Employer pension', amount: 9_600 + n }],
    niCategory: 'A',
    taxPeriod: 7,
    payFrequency: 'monthly',
    earnings: [
      { kind: 'basic', name: 'Salary', amount: gross - 12_000 },
      { kind: 'overtime', name: 'Overtime', amount: 12_000, hours: 8, rate: 1_500 },
    ],
    employerAddress: '1 High Street, Dundee, DD1 1AA',
    payeReference: '123/AB456',
    payrollNumber: `P${1000 + n}`,
    studentLoanPlan: 'Plan 2',
    yearToDate: { grossPence: 7 * gross, taxablePence: 7 * gross - 100_000, incomeTaxPence: 354_263, nationalInsurancePence: 98_000 },
  };
}

const ids = (n: number) => ({
  employerAddress: '1 High Street\nDundee\nDD1 1AA',
  payeReference: '123/AB456',
  payrollNumber: `P${1000 + n}`,
  studentLoanPlan: 'Plan 2',
});

function base(n: number, title: string, rows: [string, string][], paragraphs: string[] = []): DocumentForPdf {
  return {
    organisation: 'Northwind Traders Ltd',
    title,
    issuedOn: '2026-05-20',
    rows: (
      [['Employer', 'Northwind Traders Ltd'], ['Employee', NAMES[n % NAMES.length]!], ['National Insurance number', 'QQ123456C'], ...rows] as [string, string][]
    ).map(([label, value]) => ({ label, value })),
    paragraphs,
  };
}

function p60(n: number): DocumentForPdf {
  const doc = base(
    n,
    'P60 End of Year Certificate, tax year 2025/26',
    [
      ['Final tax code', '1257L'],
      ['Pay in this employment', pounds(3_840_000 + n)],
      ['Tax deducted in this employment', pounds(607_320 + n)],
      ['Employee National Insurance contributions', pounds(168_000 + n)],
      ['Student loan deductions', pounds(93_600)],
    ],
    P60_PARAGRAPHS,
  );
  const bands = [{ letter: 'A', atLelPence: 654_000, lelToPtPence: 603_000 + n, ptToUelPence: 2_583_000, contributionsPence: 168_000 + n }];
  return p60ForPdf(doc, ids(n), bands);
}

const p45 = (n: number) =>
  p45ForPdf(
    base(n, 'P45 Details of employee leaving work', [
      ['Leaving date', '31 October 2026'],
      ['Tax code at leaving date', '1257L'],
      ['Total pay to date', pounds(2_240_000 + n)],
      ['Total tax to date', pounds(354_263 + n)],
      ['Student loan deductions', 'To continue'],
    ]),
    ids(n),
  );

const p11d = (n: number) =>
  base(
    n,
    'P11D Expenses and benefits, tax year 2025/26',
    [
      ['Company car', pounds(420_000 + n)],
      ['Private medical insurance', pounds(96_000)],
      ['Total cash equivalent of benefits', pounds(516_000 + n)],
    ],
    ['These benefits are taxable. HMRC usually collects the tax by adjusting your tax code.', 'Keep this copy with your tax records.'],
  );

const pensionLetter = (n: number) =>
  base(
    n,
    'Your workplace pension: automatic enrolment',
    [
      ['Scheme', 'Northwind Group Personal Pension'],
      ['Your contribution', `5% of qualifying earnings (${pounds(12_800 + n)} a month)`],
      ['Employer contribution', '3% of qualifying earnings'],
    ],
    [
      'We have enrolled you into our workplace pension scheme, as the law asks of every employer.',
      'You can opt out within one month of the date of this letter and have your contributions refunded; after that, you can stop at any time, but what has been paid in stays in your pot.',
      'Contact the payroll team with any question about this letter.',
    ],
  );

const shared = (n: number) =>
  base(
    n,
    'Employee handbook: holiday and sickness',
    [['Version', `2026.${n % 12}`]],
    ['Holiday runs from 1 January to 31 December.', 'Tell your line manager by 10 am on the first day you are unwell.'],
  );

function pack(n: number): PdfJob {
  return {
    kind: 'proof-of-income',
    pack: {
      employeeName: NAMES[n % NAMES.length]!,
      employerName: 'Northwind Traders Ltd',
      coverRows: [
        { label: 'Name', value: NAMES[n % NAMES.length]! },
        { label: 'Employer', value: 'Northwind Traders Ltd' },
        { label: 'Period', value: 'October 2026 to October 2026' },
      ],
      summary: [
        { label: 'Gross pay', value: pounds(320_000 + n) },
        { label: 'Net pay', value: pounds(255_391 + n) },
      ],
      coverNotes: ['Each page shows its number and the pack it belongs to.', 'A lender can check this pack at the address below.'],
      parts: [
        { label: 'Payslip 30 October 2026', kind: 'payslip', payslip: payslip(n) },
        { label: 'P60 2025/26', kind: 'document', document: p60(n) },
      ],
      check: { code: 'ABCD-EFGH-JKLM-NPQR', address: 'https://pay.example.co.uk/verify' },
    },
  };
}

const KINDS: Record<string, (n: number) => PdfJob> = {
  payslip: (n) => ({ kind: 'payslip', payslip: payslip(n) }),
  P60: (n) => ({ kind: 'document', document: p60(n) }),
  P45: (n) => ({ kind: 'document', document: p45(n) }),
  P11D: (n) => ({ kind: 'document', document: p11d(n) }),
  'pension letter': (n) => ({ kind: 'document', document: pensionLetter(n) }),
  'shared document': (n) => ({ kind: 'document', document: shared(n) }),
  'proof-of-income pack': pack,
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

async function main() {
  const names = Object.keys(KINDS);
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const bytes: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cold: Record<string, number> = {};
  for (const name of names) {
    const t0 = performance.now();
    await renderPdf(KINDS[name]!(0));
    cold[name] = performance.now() - t0;
  }
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const name of names) {
      const job = KINDS[name]!(round);
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const pdf = await renderPdf(job);
      const used = process.cpuUsage(c0);
      times[name]!.push(performance.now() - t0);
      cpu[name]!.push((used.user + used.system) / 1000);
      bytes[name]!.push(pdf.length);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const kinds = Object.fromEntries(
    names.map((name) => {
      const sorted = [...times[name]!].sort((a, b) => a - b);
      const sizes = [...bytes[name]!].sort((a, b) => a - b);
      const cpuSorted = [...cpu[name]!].sort((a, b) => a - b);
      return [
        name,
        {
          coldMs: round(cold[name]!),
          medianMs: round(percentile(sorted, 50)),
          p95Ms: round(percentile(sorted, 95)),
          cpuMedianMs: round(percentile(cpuSorted, 50)),
          medianBytes: percentile(sizes, 50),
        },
      ];
    }),
  );
  const figures = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
    rounds: ROUNDS,
    seconds: Number(seconds.toFixed(2)),
    heapGrowthMb: Number(((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024).toFixed(1)),
    kinds,
  };
  console.log('kind                  cold ms  median ms  p95 ms  CPU median ms  bytes');
  for (const [name, f] of Object.entries(kinds)) {
    const cells = [f.coldMs, f.medianMs, f.p95Ms, f.cpuMedianMs, f.medianBytes].map(String);
    console.log(`${name.padEnd(22)}${cells[0]!.padStart(7)}${cells[1]!.padStart(11)}${cells[2]!.padStart(8)}${cells[3]!.padStart(15)}${cells[4]!.padStart(7)}`);
  }
  console.log(`${ROUNDS} rounds in ${figures.seconds} s; load ${figures.loadAverage1m}`);
  if (process.env.BENCH_NO_WRITE !== '1') {
    const out = path.resolve(__dirname, '..', '..', 'bench', 'results', 'api-pdf-render.json');
    fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`written to ${out}`);
  }
}

void main();
