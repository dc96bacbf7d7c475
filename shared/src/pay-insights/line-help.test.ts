import { deductionHelp, earningHelp, niCategoryHelp, otherLineHelp } from '@portal/shared/pay-insights/line-help';

describe('line help', () => {
  it('explains each deduction by its name', () => {
    expect(deductionHelp('Income Tax')).toContain('Pay As You Earn');
    expect(deductionHelp('national insurance')).toContain('State Pension');
    expect(deductionHelp('Pension')).toContain('taken before tax');
    expect(deductionHelp('Student Loan')).toContain('9%');
    expect(deductionHelp('Cycle to work scheme')).toContain('you have agreed to');
  });

  it('explains each kind of earnings', () => {
    expect(earningHelp('basic')).toContain('salary or wages');
    expect(earningHelp('overtime')).toContain('hours times the overtime rate');
    expect(earningHelp('bonus')).toContain('more tax may be taken');
    expect(earningHelp('statutory')).toContain('Statutory Sick Pay');
  });

  it('explains the Other lines it knows, and no others', () => {
    expect(otherLineHelp('Employer pension contribution')).toContain('not taken from your pay');
    expect(otherLineHelp('Taxable pay to date')).toContain('from 6 April');
    expect(otherLineHelp('Holiday pay')).toBeNull();
  });

  it('explains the NI category letter', () => {
    expect(niCategoryHelp('A')).toContain('standard');
    expect(niCategoryHelp('m')).toContain('Your National Insurance category is M.');
  });
});
