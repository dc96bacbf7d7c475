import { filterPayslips, payslipMatches } from './payslip-search';
import { augustPayslip, octoberPayslip, payslips } from '../testing/payslip-fixtures';

describe('payslip search', () => {
  it('matches everything when the search is empty or spaces', () => {
    expect(filterPayslips(payslips, '')).toEqual(payslips);
    expect(filterPayslips(payslips, '   ')).toEqual(payslips);
  });

  it.each(['£1,234.56', '1,234.56', '1234.56', '£1234.56', '1,234', '234.5', ' £1,234.56 '])('matches net pay typed as %p', (query) => {
    expect(filterPayslips(payslips, query)).toEqual([octoberPayslip]);
  });

  it.each(['31 October 2026', '31 october', 'OCTOBER', '31/10/2026', '31/10'])('matches the pay date typed as %p', (query) => {
    expect(filterPayslips(payslips, query)).toEqual([octoberPayslip]);
  });

  it('matches on the year or month across payslips', () => {
    expect(filterPayslips(payslips, '2026')).toHaveLength(3);
    expect(filterPayslips(payslips, 'August')).toEqual([augustPayslip]);
  });

  it('does not match text that is in neither', () => {
    expect(filterPayslips(payslips, 'November')).toEqual([]);
    expect(filterPayslips(payslips, '£5,000')).toEqual([]);
    expect(payslipMatches(octoberPayslip, 'Income Tax')).toBe(false);
  });

  it('does not treat date text as money', () => {
    // '31 October' has digits but is not money text: it must not match a net pay containing 31.
    expect(payslipMatches({ ...augustPayslip, netPay: 3100 }, '31 October')).toBe(false);
  });
});
