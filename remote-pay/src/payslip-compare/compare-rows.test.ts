import { augustPayslip, octoberPayslip, septemberPayslip } from '../testing/payslip-fixtures';
import { compareRows, olderFirst } from './compare-rows';

describe('compareRows', () => {
  it('lines up pay, every deduction either payslip has, the totals and net pay, with the difference', () => {
    expect(compareRows(augustPayslip, octoberPayslip)).toEqual([
      { kind: 'gross', label: 'Gross pay', first: 1200, second: 1650, difference: 450 },
      { kind: 'deduction', label: 'Income Tax', first: 150, second: 210.2, difference: 60.2 },
      { kind: 'deduction', label: 'National Insurance', first: 62.35, second: 105.24, difference: 42.89 },
      { kind: 'deduction', label: 'Pension', first: 0, second: 100, difference: 100 },
      { kind: 'deduction', label: 'Student Loan', first: 0, second: 0, difference: 0 },
      { kind: 'totalDeductions', label: 'Total deductions', first: 212.35, second: 415.44, difference: 203.09 },
      { kind: 'net', label: 'Net pay', first: 987.65, second: 1234.56, difference: 246.91 },
    ]);
  });

  it('orders two payslips older first', () => {
    expect(olderFirst(octoberPayslip, septemberPayslip)).toEqual([septemberPayslip, octoberPayslip]);
    expect(olderFirst(septemberPayslip, octoberPayslip)).toEqual([septemberPayslip, octoberPayslip]);
  });
});
