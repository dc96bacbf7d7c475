import { pageWords } from '@portal/shared/pay-insights/page-words';
import { deductionHelp, earningHelp, loanPlanOf, niCategoryHelp, otherLineHelp, pensionMethodOf } from '@portal/shared/pay-insights/line-help';

describe('line help', () => {
  it('explains each deduction by its name', () => {
    expect(deductionHelp('Income Tax', pageWords)).toContain('Pay As You Earn');
    expect(deductionHelp('national insurance', pageWords)).toContain('State Pension');
    expect(deductionHelp('Cycle to work scheme', pageWords)).toContain('you have agreed to');
  });

  it.each([
    // deduction line as published, plan read, words its help holds
    ['Student Loan', 'unstated', '9% of your pay above the threshold of your repayment plan'],
    ['Student Loan Plan 1', '1', 'Plan 1 student loan'],
    ['Student Loan Plan 2', '2', '9% of your pay above the Plan 2 threshold'],
    ['Student loan (plan 4)', '4', 'a course in Scotland'],
    ['STUDENT LOAN PLAN 5', '5', 'Plan 5 threshold'],
    ['Postgraduate Loan', 'postgraduate', '6% of your pay above the Postgraduate Loan threshold'],
    ['Post Graduate Loan', 'postgraduate', '6%'],
    ['PGL', 'postgraduate', '6%'],
  ])('%s: a loan repayment taken above a threshold, never a scheme', (name, plan, words) => {
    expect(loanPlanOf(name)).toBe(plan);
    const help = deductionHelp(name, pageWords);
    expect(help).toContain(words);
    expect(help).toContain('nothing is taken when your pay is under it');
    expect(help).not.toContain('scheme or a subscription');
  });

  it('says plainly when it cannot read the plan', () => {
    expect(loanPlanOf('Student Loan Plan 3')).toBe('unknown');
    expect(deductionHelp('Student Loan Plan 3', pageWords)).toBe("We can't explain this plan; ask your payroll team.");
    expect(loanPlanOf('Union subscription')).toBeNull();
  });

  it.each([
    // name, what the payslip's figures show (or nothing), method, words its help holds
    ['Pension (net pay)', undefined, 'net-pay', 'taken before tax'],
    ['Pension relief at source', undefined, 'relief-at-source', 'claims 20% basic-rate tax relief'],
    ['Pension RAS', undefined, 'relief-at-source', 'taken after tax'],
    ['Pension salary sacrifice', undefined, 'salary-sacrifice', 'reduced before tax and National Insurance'],
    ['Pension', { grossPence: 320_000, taxablePence: 304_000, pensionPence: 16_000 }, 'net-pay', 'taken before tax'],
    ['Pension', { grossPence: 320_000, taxablePence: 320_000, pensionPence: 12_800 }, 'relief-at-source', 'taken after tax'],
    ['Pension', undefined, 'unstated', 'This payslip does not say how your scheme takes it'],
    ['Pension', { grossPence: 320_000, taxablePence: null, pensionPence: 16_000 }, 'unstated', 'does not say'],
    ['Pension', { grossPence: 320_000, taxablePence: 300_000, pensionPence: 16_000 }, 'unstated', 'does not say'],
  ] as const)('%s with %j: %s', (name, evidence, method, words) => {
    expect(pensionMethodOf(name, evidence)).toBe(method);
    expect(deductionHelp(name, pageWords, evidence)).toContain(words);
  });

  it('does not assert a method for a pension whose payslip does not say', () => {
    const help = deductionHelp('Pension', pageWords);
    expect(help).toContain('net pay arrangement it is taken before tax');
    expect(help).toContain('relief at source it is taken after tax');
    expect(help).toContain('salary sacrifice your pay is reduced before tax and National Insurance');
  });

  it('explains each kind of earnings', () => {
    expect(earningHelp('basic', pageWords)).toContain('salary or wages');
    expect(earningHelp('overtime', pageWords)).toContain('hours times the overtime rate');
    expect(earningHelp('bonus', pageWords)).toContain('more tax may be taken');
    expect(earningHelp('statutory', pageWords)).toContain('Statutory Sick Pay');
  });

  it('explains the Other lines it knows, and no others', () => {
    expect(otherLineHelp('Employer pension contribution', pageWords)).toContain('not taken from your pay');
    expect(otherLineHelp('Taxable pay to date', pageWords)).toContain('from 6 April');
    expect(otherLineHelp('Holiday pay', pageWords)).toBeNull();
  });
});

describe('niCategoryHelp', () => {
  it.each([
    // letter, words its help holds
    ['A', 'standard category for most employees'],
    ['B', 'reduced rate'],
    ['C', 'over State Pension age'],
    ['H', 'apprentices under 25'],
    ['J', 'you pay only 2%'],
    ['M', 'under 21'],
    ['Z', 'under 21 who have deferred'],
    ['V', 'veterans'],
    ['F', 'freeport'],
    ['I', 'freeport: you pay a reduced rate'],
    ['L', 'freeport: you pay only 2%'],
    ['S', 'freeport: you pay no employee National Insurance'],
    ['N', 'investment zone'],
    ['E', 'investment zone: you pay a reduced rate'],
    ['D', 'investment zone: you pay only 2%'],
    ['K', 'investment zone: you pay no employee National Insurance'],
    ['X', 'you do not pay National Insurance'],
    [' m ', 'under 21'],
  ])('%j: %s', (letter, words) => {
    expect(niCategoryHelp(letter, pageWords)).toContain(words);
    expect(niCategoryHelp(letter, pageWords)).toMatch(new RegExp(`^Category ${letter.trim().toUpperCase()}\\b`));
  });

  it.each(['G', 'Q', 'AA', '', '1', null])('has no explanation of %j, so the screen says it plainly', (letter) => {
    expect(niCategoryHelp(letter, pageWords)).toBeNull();
    expect(pageWords.text('unreadableNiCategory')).toBe("We can't explain this letter; ask your payroll team.");
  });
});
