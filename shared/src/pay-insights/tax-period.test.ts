import { pageWords } from '@portal/shared/pay-insights/page-words';
import { isExtraPayDay, payPeriodWords, taxPeriodDetail, taxPeriodExplanation, taxPeriodName, taxPeriodSpan } from './tax-period';

describe('a tax period in words', () => {
  it.each([
    ['weekly', 53, 'Week 53'],
    ['fortnightly', 3, 'Fortnight 3'],
    ['four-weekly', 2, 'Four-week period 2'],
    ['monthly', 7, 'Month 7'],
    [undefined, 7, 'Month 7'],
  ] as const)('names %s period %s as %s', (frequency, period, name) => expect(taxPeriodName(frequency, period, pageWords)).toBe(name));

  it('gives week 53 the day left at the end of a year, and two days when the year holds 29 February', () => {
    // 5 April 2025 was a Saturday; 2024/25 has 365 days: 52 weeks and 5 April.
    expect(taxPeriodDetail('weekly', '2025-04-05', 53, pageWords)).toBe('5 April 2025, the 53rd weekly pay day of the 2024 to 2025 tax year');
    // 2023/24 holds 29 February 2024: week 53 is 4 and 5 April 2024 (a Thursday and a Friday).
    expect(taxPeriodSpan('weekly', '2024-04-05', 53, pageWords)).toBe('4 April 2024 to 5 April 2024');
    expect(isExtraPayDay('weekly', 53)).toBe(true);
    expect(isExtraPayDay('weekly', 52)).toBe(false);
    expect(isExtraPayDay('fortnightly', 27)).toBe(true);
    expect(isExtraPayDay('four-weekly', 14)).toBe(true);
  });

  it('counts fortnights and four-week periods in tax weeks from 6 April', () => {
    expect(taxPeriodDetail('fortnightly', '2026-05-15', 3, pageWords)).toBe(
      '4 May 2026 to 17 May 2026, the 3rd fortnightly pay day of the 2026 to 2027 tax year',
    );
    expect(taxPeriodSpan('four-weekly', '2026-05-29', 2, pageWords)).toBe('4 May 2026 to 31 May 2026');
    expect(taxPeriodDetail('monthly', '2026-10-30', 7, pageWords)).toBe('6 October 2026 to 5 November 2026');
    expect(taxPeriodDetail('weekly', '2026-10-30', 60, pageWords)).toBeNull();
  });

  it('explains an extra week as HMRC works it: on its own, with one week of the allowance', () => {
    const text = taxPeriodExplanation('weekly', '2024-04-05', 53, pageWords);
    expect(text).toContain('The week of the tax year this payslip belongs to: 4 April 2024 to 5 April 2024.');
    expect(text).toContain('a weekly pay day on 5 April (or on 4 or 5 April in a leap year) has an extra week');
    expect(text).toContain("one week's share of the tax-free allowance");
    expect(taxPeriodExplanation('weekly', '2023-11-03', 31, pageWords)).not.toContain('extra');
    expect(taxPeriodExplanation(undefined, '2026-10-30', 7, pageWords)).toContain('month 1 is 6 April to 5 May');
  });

  it('says what a payslip pays for: the month, or how often and on which day', () => {
    expect(payPeriodWords(undefined, '2026-10-30', pageWords)).toBe('October 2026');
    expect(payPeriodWords('monthly', '2026-10-30', pageWords)).toBe('October 2026');
    expect(payPeriodWords('weekly', '2024-04-05', pageWords)).toBe('Weekly pay, paid on 5 April 2024');
    expect(payPeriodWords('four-weekly', '2026-05-29', pageWords)).toBe('Four-weekly pay, paid on 29 May 2026');
  });
});
