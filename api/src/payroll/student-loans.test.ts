// Student and Postgraduate Loan repayments, each figure worked by hand in its comment.
import { checkLoanPlans, studentLoanRepayment, studentLoanThreshold } from './student-loans';

describe('student loan repayments', () => {
  it.each([
    // £3,000 − £2,372.50 = £627.50 × 9% = £56.475 → £56
    ['Plan 2, 2025/26, monthly', '2025/26', 'plan2', 'monthly', 300_000, 5_600],
    // £29,385 / 12 = £2,448.75: £551.25 × 9% = £49.61 → £49
    ['Plan 2, 2026/27', '2026/27', 'plan2', 'monthly', 300_000, 4_900],
    // £24,990 / 12 = £2,082.50: £917.50 × 9% = £82.575 → £82
    ['Plan 1, 2024/25', '2024/25', 'plan1', 'monthly', 300_000, 8_200],
    // £32,745 / 12 = £2,728.75: £271.25 × 9% = £24.41 → £24
    ['Plan 4, 2025/26', '2025/26', 'plan4', 'monthly', 300_000, 2_400],
    // £25,000 / 12 = £2,083.33: £916.67 × 9% = £82.50 → £82
    ['Plan 5, 2026/27', '2026/27', 'plan5', 'monthly', 300_000, 8_200],
    // £21,000 / 12 = £1,750: £1,250 × 6% = £75
    ['Postgraduate Loan, 6%', '2025/26', 'postgraduate', 'monthly', 300_000, 7_500],
    // £21,000 / 52 = £403.84: £296.16 × 6% = £17.77 → £17
    ['Postgraduate Loan, weekly', '2025/26', 'postgraduate', 'weekly', 70_000, 1_700],
    // £28,470 / 52 = £547.50: £152.50 × 9% = £13.725 → £13
    ['Plan 2, weekly', '2025/26', 'plan2', 'weekly', 70_000, 1_300],
    // £28,470 / 26 = £1,095: £305 × 9% = £27.45 → £27
    ['Plan 2, fortnightly', '2025/26', 'plan2', 'fortnightly', 140_000, 2_700],
    // £28,470 / 13 = £2,190: £610 × 9% = £54.90 → £54
    ['Plan 2, four-weekly', '2025/26', 'plan2', 'four-weekly', 280_000, 5_400],
    ['nothing under the threshold', '2025/26', 'plan2', 'monthly', 230_000, 0],
    // £2,372.50 + £11.11: 9% is £0.9999, under a pound
    ['under a pound repays nothing', '2025/26', 'plan2', 'monthly', 238_361, 0],
  ] as const)('%s', (_name, taxYear, plan, frequency, earnings, pence) => expect(studentLoanRepayment(taxYear, plan, frequency, earnings)).toBe(pence));

  it('uses the per-period thresholds HMRC publishes (to the penny below)', () => {
    expect(studentLoanThreshold('2023/24', 'plan1', 'monthly')).toBe(183_458); // £22,015 / 12 = £1,834.5833
    expect(studentLoanThreshold('2023/24', 'plan1', 'weekly')).toBe(42_336); // £22,015 / 52 = £423.3653
    expect(studentLoanThreshold('2023/24', 'plan2', 'monthly')).toBe(227_458); // £27,295 / 12
    expect(studentLoanThreshold('2023/24', 'plan2', 'weekly')).toBe(52_490); // £27,295 / 52
    expect(studentLoanThreshold('2025/26', 'plan1', 'monthly')).toBe(217_208); // £26,065 / 12
    expect(studentLoanThreshold('2025/26', 'plan4', 'weekly')).toBe(62_971); // £32,745 / 52 = £629.7115
  });

  it('has no Plan 5 before 2026/27, and collects one plan and the Postgraduate Loan at most', () => {
    expect(() => studentLoanThreshold('2025/26', 'plan5', 'monthly')).toThrow(/No plan5 repayments in 2025\/26/);
    expect(() => checkLoanPlans(['plan2', 'postgraduate'])).not.toThrow();
    expect(() => checkLoanPlans(['plan1', 'plan2'])).toThrow(/one plan/);
    expect(() => checkLoanPlans(['postgraduate', 'postgraduate'])).toThrow(/one plan/);
  });
});
