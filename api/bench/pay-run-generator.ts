// A pay run of any size for the import bench: one employment record and one
// payslip per employee, every payslip's lines adding up to its totals (monthly pay, October 2026,
// tax month 7), every NI number of HMRC's form and unique. Seeded, so the same size gives the same file.
import { EMPLOYER_NI_PATTERN } from '../src/employer-api/schemas';
import type { EmploymentRecordInput, PayslipInput } from '../src/employer-api/schemas';

export type GeneratedImport = { employments: (EmploymentRecordInput & { employmentId: string })[]; payRun: { payRunId: string; payslips: PayslipInput[] } };

/** Two prefix letters HMRC issues (none of D, F, I, Q, U, V; no BG, GB, KN, NK, NT, TN, ZZ). */
const NI_PREFIXES = ['AB', 'CE', 'HJ', 'KL', 'PR', 'SW', 'TY', 'WZ'];
const PAY_DATE = '2026-10-30';
const TAX_MONTH = 7;

/** mulberry32: small and seeded, enough for made-up figures. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const day = (from: string, days: number) => new Date(Date.parse(from) + days * 86_400_000).toISOString().slice(0, 10);

export function generatePayRun(employees: number, payRunId = `GEN-2026-10-${employees}`, seed = 15): GeneratedImport {
  const rand = random(seed);
  const between = (low: number, high: number) => low + Math.floor(rand() * (high - low + 1));
  const employments: GeneratedImport['employments'] = [];
  const payslips: PayslipInput[] = [];
  for (let i = 0; i < employees; i++) {
    const employmentId = `GEN-${String(i + 1).padStart(6, '0')}`;
    const niNumber = `${NI_PREFIXES[i % NI_PREFIXES.length]}${String(Math.floor(i / NI_PREFIXES.length)).padStart(6, '0')}${'ABCD'[i % 4]}`;
    if (!new RegExp(EMPLOYER_NI_PATTERN).test(niNumber)) throw new Error(`generator made a bad NI number ${niNumber}`);
    employments.push({
      employmentId,
      employeeName: `Employee ${i + 1}`,
      email: `employee${i + 1}@example.com`,
      mobilePhone: `07700 9${String(i % 100_000).padStart(5, '0')}`,
      niNumber,
      bankLast4: String(between(0, 9999)).padStart(4, '0'),
      birthDate: day('1960-01-01', between(0, 14_600)),
      taxCode: '1257L',
      startDate: day('2010-04-06', between(0, 5_000)),
    });

    const basic = between(1_500, 6_000) * 100;
    const overtimeHours = rand() < 0.3 ? between(1, 20) : 0;
    const rate = 2_000;
    const earnings: PayslipInput['earnings'] = [{ kind: 'basic', name: 'Basic salary', amountPence: basic }];
    if (overtimeHours) earnings.push({ kind: 'overtime', name: 'Overtime', amountPence: overtimeHours * rate, hours: overtimeHours, ratePence: rate });
    const gross = basic + overtimeHours * rate;
    const pension = Math.round(gross * 0.05);
    const taxable = gross - pension;
    const incomeTax = Math.max(0, Math.floor((taxable - 104_750) * 0.2));
    const nationalInsurance = Math.max(0, Math.floor((gross - 104_800) * 0.08));
    const deductions = [
      { name: 'Income Tax', amountPence: incomeTax },
      { name: 'National Insurance', amountPence: nationalInsurance },
      { name: 'Pension', amountPence: pension },
    ];
    const totalDeductions = incomeTax + nationalInsurance + pension;
    payslips.push({
      payslipId: `${payRunId}-${employmentId}`,
      employmentId,
      payDate: PAY_DATE,
      taxCode: '1257L',
      niCategory: 'A',
      taxPeriod: TAX_MONTH,
      earnings,
      grossPence: gross,
      taxablePence: taxable,
      deductions,
      totalDeductionsPence: totalDeductions,
      netPence: gross - totalDeductions,
      other: [{ name: 'Employer pension contribution', amountPence: Math.round(gross * 0.03) }],
      yearToDate: {
        grossPence: gross * TAX_MONTH,
        taxablePence: taxable * TAX_MONTH,
        incomeTaxPence: incomeTax * TAX_MONTH,
        nationalInsurancePence: nationalInsurance * TAX_MONTH,
        pensionPence: pension * TAX_MONTH,
        studentLoanPence: 0,
        netPence: (gross - totalDeductions) * TAX_MONTH,
      },
    });
  }
  return { employments, payRun: { payRunId, payslips } };
}
