import { payPeriodOf, taxWeekOf } from './pay-periods';

describe('tax weeks and pay periods', () => {
  it.each([
    ['2025-04-06', 1],
    ['2025-04-12', 1],
    ['2025-04-13', 2],
    ['2026-03-29', 52], // 29 March to 4 April is week 52
    ['2026-04-04', 52],
    ['2026-04-05', 53], // 5 April alone is week 53
    ['2024-04-03', 52],
    ['2024-04-04', 53], // a year with 29 February: 4 and 5 April are week 53
    ['2024-04-05', 53],
  ])('%s is in tax week %i', (date, week) => expect(taxWeekOf(date)).toBe(week));

  it.each([
    ['monthly', '2025-10-31', { period: 7, elapsed: 7, perYear: 12, periodLength: 1, extra: false }],
    ['weekly', '2025-04-11', { period: 1, elapsed: 1, perYear: 52, periodLength: 1, extra: false }],
    ['weekly', '2026-04-05', { period: 53, elapsed: 53, perYear: 52, periodLength: 1, extra: true }],
    ['fortnightly', '2025-04-11', { period: 1, elapsed: 2, perYear: 52, periodLength: 2, extra: false }],
    ['fortnightly', '2026-04-03', { period: 26, elapsed: 52, perYear: 52, periodLength: 2, extra: false }],
    ['fortnightly', '2026-04-05', { period: 27, elapsed: 54, perYear: 52, periodLength: 2, extra: true }],
    ['four-weekly', '2026-04-02', { period: 13, elapsed: 52, perYear: 52, periodLength: 4, extra: false }],
    ['four-weekly', '2026-04-05', { period: 14, elapsed: 56, perYear: 52, periodLength: 4, extra: true }],
  ] as const)('%s pay on %s', (frequency, date, period) => expect(payPeriodOf(frequency, date)).toEqual(period));
});
