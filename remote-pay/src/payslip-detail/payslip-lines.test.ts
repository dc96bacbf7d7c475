import { neighbours, pensionEvidenceOf, visibleDeductions } from './payslip-lines';
import { augustPayslip, octoberPayslip, payslips, septemberPayslip } from '../testing/payslip-fixtures';

describe('visibleDeductions', () => {
  it('always keeps Income Tax and National Insurance, and others only above 0', () => {
    expect(visibleDeductions(septemberPayslip.deductions)).toEqual([
      { name: 'Income Tax', amount: 0 },
      { name: 'National Insurance', amount: 0 },
      { name: 'Student Loan', amount: 598.9 },
    ]);
    expect(visibleDeductions(octoberPayslip.deductions).map((line) => line.name)).toEqual(['Income Tax', 'National Insurance', 'Pension']);
  });

  it('shows Income Tax and National Insurance at £0 when the data lacks them', () => {
    expect(visibleDeductions([{ name: 'Pension', amount: 12 }])).toEqual([
      { name: 'Income Tax', amount: 0 },
      { name: 'National Insurance', amount: 0 },
      { name: 'Pension', amount: 12 },
    ]);
  });

  it('drops negative other deductions too', () => {
    expect(visibleDeductions([{ name: 'Refund', amount: -5 }]).map((line) => line.name)).toEqual(['Income Tax', 'National Insurance']);
  });
});

describe('neighbours (newest-first list)', () => {
  it('gives the older payslip as previous and the newer as next', () => {
    expect(neighbours(payslips, 'p-sep')).toEqual({ previous: augustPayslip, next: octoberPayslip });
  });

  it('has no next for the newest and no previous for the oldest', () => {
    expect(neighbours(payslips, 'p-oct')).toEqual({ previous: septemberPayslip, next: undefined });
    expect(neighbours(payslips, 'p-aug')).toEqual({ previous: undefined, next: septemberPayslip });
  });

  it('has neither for an unknown payslip or a list of one', () => {
    expect(neighbours(payslips, 'nope')).toEqual({});
    expect(neighbours([octoberPayslip], 'p-oct')).toEqual({ previous: undefined, next: undefined });
  });
});

describe('pensionEvidenceOf', () => {
  it("reads the payslip's pay, taxable pay and pension lines in pence", () => {
    const payslip = { ...octoberPayslip, grossPay: 3200, taxablePay: 3040, deductions: [{ name: 'Pension', amount: 160 }] };
    expect(pensionEvidenceOf(payslip)).toEqual({ grossPence: 320_000, taxablePence: 304_000, pensionPence: 16_000 });
    expect(pensionEvidenceOf({ ...payslip, taxablePay: null }).taxablePence).toBeNull();
  });
});
