// Employee Class 1 NI by the exact percentage method, each figure worked by hand in its comment.
import { employeeNationalInsurance, employerNationalInsurance, isNiCategory, niThresholds, type NiInput } from './national-insurance';

const pay = (parts: Partial<NiInput>): NiInput => ({
  taxYear: '2025/26',
  payDate: '2025-10-31',
  frequency: 'monthly',
  category: 'A',
  earningsPence: 300_000,
  ...parts,
});

describe('employee National Insurance', () => {
  it.each([
    // (£3,000 − £1,048) × 8%
    ['A: 8% over the Primary Threshold', pay({}), 15_616],
    ['nothing under it', pay({ earningsPence: 100_000 }), 0],
    // (£4,189 − £1,048) × 8% = £251.28, (£5,000 − £4,189) × 2% = £16.22
    ['2% over the Upper Earnings Limit', pay({ earningsPence: 500_000 }), 26_750],
    // £251.28 + 25p × 2% = £251.285: exactly half a penny is dropped
    ['half a penny is rounded down', pay({ earningsPence: 418_925 }), 25_128],
    // £251.28 + 26p × 2% = £251.2852: over half a penny is a penny
    ['over half a penny is rounded up', pay({ earningsPence: 418_926 }), 25_129],
    // 5p × 10% = 0.5p, dropped; 6p × 10% = 0.6p, a penny
    ['half a penny at 10% in January 2024', pay({ taxYear: '2023/24', payDate: '2024-01-31', earningsPence: 104_805 }), 0],
    ['0.6p at 10%', pay({ taxYear: '2023/24', payDate: '2024-01-31', earningsPence: 104_806 }), 1],
    // £1,952 × 12%, then × 10% from 6 January 2024, then 8%
    ['12% in December 2023', pay({ taxYear: '2023/24', payDate: '2023-12-29' }), 23_424],
    ['10% from 6 January 2024', pay({ taxYear: '2023/24', payDate: '2024-01-31' }), 19_520],
    ['8% in 2024/25', pay({ taxYear: '2024/25', payDate: '2024-04-30' }), 15_616],
    ['8% in 2026/27', pay({ taxYear: '2026/27', payDate: '2026-04-30' }), 15_616],
    // £1,952 × 1.85% = £36.112
    ['B: the reduced rate, 1.85%', pay({ category: 'B' }), 3_611],
    // £1,952 × 5.85% = £114.192, then × 3.85% = £75.152
    ['B: 5.85% in December 2023', pay({ category: 'B', taxYear: '2023/24', payDate: '2023-12-29' }), 11_419],
    ['B: 3.85% from January 2024', pay({ category: 'B', taxYear: '2023/24', payDate: '2024-01-31' }), 7_515],
    // £3,141 × 1.85% = £58.1085, £811 × 2% = £16.22: £74.3285
    ['B: 2% over the Upper Earnings Limit', pay({ category: 'B', earningsPence: 500_000 }), 7_433],
    ['E (investment zone B)', pay({ category: 'E' }), 3_611],
    ['I (freeport B)', pay({ category: 'I' }), 3_611],
    // £1,952 × 2%; (£5,000 − £1,048) × 2%
    ['J: deferred, 2% throughout', pay({ category: 'J' }), 3_904],
    ['J over the limit', pay({ category: 'J', earningsPence: 500_000 }), 7_904],
    ['Z', pay({ category: 'Z' }), 3_904],
    ['L (freeport J)', pay({ category: 'L' }), 3_904],
    ['D (investment zone J)', pay({ category: 'D' }), 3_904],
    ['C: over State Pension age', pay({ category: 'C' }), 0],
    ['S (freeport C)', pay({ category: 'S' }), 0],
    ['K (investment zone C)', pay({ category: 'K' }), 0],
    ['X: not liable', pay({ category: 'X', earningsPence: 500_000 }), 0],
    ['H (apprentice under 25) pays as A', pay({ category: 'H' }), 15_616],
    ['M (under 21)', pay({ category: 'M' }), 15_616],
    ['V (veteran)', pay({ category: 'V' }), 15_616],
    ['F (freeport)', pay({ category: 'F' }), 15_616],
    ['N (investment zone)', pay({ category: 'N' }), 15_616],
    // (£700 − £242) × 8%
    ['weekly', pay({ frequency: 'weekly', earningsPence: 70_000 }), 3_664],
    // (£1,400 − £484) × 8%
    ['fortnightly', pay({ frequency: 'fortnightly', earningsPence: 140_000 }), 7_328],
    // (£2,800 − £968) × 8%
    ['four-weekly', pay({ frequency: 'four-weekly', earningsPence: 280_000 }), 14_656],
    // (£3,868 − £968) × 8% = £232, (£4,000 − £3,868) × 2% = £2.64
    ['four-weekly over the limit', pay({ frequency: 'four-weekly', earningsPence: 400_000 }), 23_464],
  ])('%s', (_name, input, pence) => expect(employeeNationalInsurance(input)).toBe(pence));

  it('has the published thresholds for each pay period', () => {
    expect(niThresholds('2025/26', 'monthly')).toEqual({ lel: 54_200, pt: 104_800, uel: 418_900 });
    expect(niThresholds('2025/26', 'weekly')).toEqual({ lel: 12_500, pt: 24_200, uel: 96_700 });
    expect(niThresholds('2024/25', 'weekly')).toEqual({ lel: 12_300, pt: 24_200, uel: 96_700 });
    expect(niThresholds('2023/24', 'monthly')).toEqual({ lel: 53_300, pt: 104_800, uel: 418_900 });
    expect(niThresholds('2026/27', 'fortnightly')).toEqual({ lel: 25_800, pt: 48_400, uel: 193_400 });
    expect(niThresholds('2026/27', 'four-weekly')).toEqual({ lel: 51_600, pt: 96_800, uel: 386_800 });
  });

  it('knows the category letters in use', () => {
    expect([...'ABCDEFHIJKLMNSVXZ'].every(isNiCategory)).toBe(true);
    expect(['G', 'O', 'a', ''].some(isNiCategory)).toBe(false);
  });
});

describe('employer National Insurance', () => {
  it.each([
    // (£3,000 − £417) × 15%
    ['A, 2025/26: 15% over £417 a month', pay({}), 38_745],
    // (£3,000 − £758) × 13.8% = £309.396
    ['A, 2024/25: 13.8% over £758', pay({ taxYear: '2024/25', payDate: '2024-10-31' }), 30_940],
    // (£700 − £175) × 13.8%
    ['A, 2023/24, weekly', pay({ taxYear: '2023/24', payDate: '2023-10-27', frequency: 'weekly', earningsPence: 70_000 }), 7_245],
    // £2.50 × 13.8% = 34.5p: half a penny dropped; £2.51 × 13.8% = 34.638p
    ['half a penny dropped', pay({ taxYear: '2024/25', payDate: '2024-10-31', earningsPence: 76_050 }), 34],
    ['over half a penny', pay({ taxYear: '2024/25', payDate: '2024-10-31', earningsPence: 76_051 }), 35],
    ['C: the employer still pays', pay({ category: 'C' }), 38_745],
    ['M (under 21): nothing up to the Upper Secondary Threshold', pay({ category: 'M' }), 0],
    // (£5,000 − £4,189) × 15%
    ['M over it', pay({ category: 'M', earningsPence: 500_000 }), 12_165],
    ['H (apprentice) over the Apprentice Upper Secondary Threshold', pay({ category: 'H', earningsPence: 500_000 }), 12_165],
    ['V (veteran)', pay({ category: 'V', earningsPence: 500_000 }), 12_165],
    ['Z', pay({ category: 'Z', earningsPence: 500_000 }), 12_165],
    // (£3,000 − £2,083) × 15%
    ['F (freeport): nothing up to £2,083 a month', pay({ category: 'F' }), 13_755],
    ['N (investment zone)', pay({ category: 'N' }), 13_755],
    ['S', pay({ category: 'S' }), 13_755],
    ['X', pay({ category: 'X', earningsPence: 500_000 }), 0],
  ])('%s', (_name, input, pence) => expect(employerNationalInsurance(input)).toBe(pence));
});
