import { pageWords } from '@portal/shared/pay-insights/page-words';
import type { Payslip } from '@portal/shared/api/types';
import { comparableFromPayslip, deductionKindOf, yearPayslipFromPayslip } from '@portal/shared/pay-insights/from-payslip';
import { comparePayslips } from '@portal/shared/pay-insights/what-changed';
import { aPayslip, withoutPayslipDetails } from '@portal/shared/testing/payslips';

const payslip = (payDate: string, grossPay: number, deductions: [string, number][]): Payslip =>
  aPayslip({ ...withoutPayslipDetails, ID: payDate, payDate, grossPay, deductions: deductions.map(([name, amount]) => ({ name, amount })) });

describe('comparableFromPayslip', () => {
  it('reads pounds as pence and sorts deductions into kinds by name', () => {
    expect(
      comparableFromPayslip(
        payslip('2026-10-30', 3200.1, [
          ['Income Tax', 408.5],
          ['national insurance ', 172.16],
          ['Pension', 160],
          ['Student Loan', 0],
          ['Union', 15],
        ]),
      ),
    ).toEqual({
      id: '2026-10-30',
      payDate: '2026-10-30',
      taxCode: '',
      niCategory: '',
      earnings: [{ kind: 'other', name: 'Pay before deductions', amountPence: 320_010 }],
      deductions: [
        { kind: 'income-tax', name: 'Income Tax', amountPence: 40_850 },
        { kind: 'national-insurance', name: 'national insurance ', amountPence: 17_216 },
        { kind: 'pension', name: 'Pension', amountPence: 16_000 },
        { kind: 'student-loan', name: 'Student Loan', amountPence: 0 },
        { kind: 'other', name: 'Union', amountPence: 1_500 },
      ],
      netPence: 320_010 - 40_850 - 17_216 - 16_000 - 1_500,
      taxablePence: null,
      taxChange: null,
    });
  });

  it('reads the earnings lines, tax code and NI category when the payslip has them', () => {
    const october = {
      ...payslip('2026-10-30', 3556.56, [
        ['Income Tax', 495.2],
        ['National Insurance', 200.63],
        ['Pension', 177.83],
      ]),
      taxCode: '1097L',
      niCategory: 'A',
      earnings: [
        { kind: 'basic' as const, name: 'Basic pay', amount: 3312 },
        { kind: 'overtime' as const, name: 'Overtime', amount: 244.56, hours: 8, rate: 30.57 },
      ],
    };
    expect(comparableFromPayslip(october)).toMatchObject({
      taxCode: '1097L',
      niCategory: 'A',
      earnings: [
        { kind: 'basic', name: 'Basic pay', amountPence: 331_200 },
        { kind: 'overtime', name: 'Overtime', amountPence: 24_456, hours: 8, ratePence: 3_057 },
      ],
    });
  });

  it('explains a December bonus on today’s data without calling it a pay rise', () => {
    const november = comparableFromPayslip(
      payslip('2025-11-28', 3200, [
        ['Income Tax', 408.4],
        ['National Insurance', 172.16],
        ['Pension', 160],
      ]),
    );
    const december = comparableFromPayslip(
      payslip('2025-12-31', 3700, [
        ['Income Tax', 503.4],
        ['National Insurance', 212.16],
        ['Pension', 185],
      ]),
    );
    const { changes, netChangePence } = comparePayslips(november, december, pageWords);
    expect(netChangePence).toBe(50_000 - 9_500 - 4_000 - 2_500);
    expect(changes[0]).toMatchObject({
      line: 'Pay before deductions',
      effectOnNetPence: 50_000,
      reason: 'Pay before deductions was £500.00 more than last month.',
    });
    expect(changes.map((c) => c.reason).join(' ')).not.toContain('pay rise');
  });
});

describe('yearPayslipFromPayslip', () => {
  it('takes taxable pay from the payslip, or gross less pension when it has none', () => {
    const slip = payslip('2026-10-30', 3000, [
      ['Income Tax', 390.2],
      ['National Insurance', 156.16],
      ['Pension', 150],
    ]);
    expect(yearPayslipFromPayslip(slip)).toMatchObject({ grossPence: 300_000, taxablePence: 285_000, netPence: 230_364 });
    expect(yearPayslipFromPayslip({ ...slip, taxablePay: 2860 }).taxablePence).toBe(286_000);
  });
});

describe('deductionKindOf', () => {
  it.each([
    ['Student Loan', 'student-loan'],
    ['Student Loan Plan 2', 'student-loan'],
    ['student loan (plan 4)', 'student-loan'],
    // A Postgraduate Loan has its own box on a P60, so it is not added to the student loan.
    ['Postgraduate Loan', 'other'],
    ['Pension', 'pension'],
    ['Studentship fee', 'other'],
  ] as const)('%s is %s', (name, kind) => expect(deductionKindOf(name)).toBe(kind));
});
