// A P60's NI bands from a year's monthly payslips: nothing recorded below the LEL, each band capped
// at its limit, one row per NI letter. 2025/26 monthly: LEL £542, PT £1,048, UEL £4,189
// (https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026).
import { monthlyNiLimits, niBandsOfYear } from './p60-national-insurance';

it("reads the year's monthly limits", () => {
  expect(monthlyNiLimits('2025/26')).toEqual({ lel: 54_200, pt: 104_800, uel: 418_900 });
  expect(monthlyNiLimits('2019/20')).toBeNull();
});

it('splits each month at the limits and adds them up per NI letter', () => {
  const bands = niBandsOfYear('2025/26', [
    { niCategory: 'A', grossPence: 50_000, nationalInsurancePence: 0 }, // below the LEL: nothing recorded
    { niCategory: 'A', grossPence: 80_000, nationalInsurancePence: 0 }, // between the LEL and the PT
    { niCategory: 'A', grossPence: 320_000, nationalInsurancePence: 17_216 },
    { niCategory: 'M', grossPence: 500_000, nationalInsurancePence: 26_730 }, // above the UEL
  ]);
  expect(bands).toEqual([
    { letter: 'A', atLelPence: 108_400, lelToPtPence: 25_800 + 50_600, ptToUelPence: 215_200, contributionsPence: 17_216 },
    { letter: 'M', atLelPence: 54_200, lelToPtPence: 50_600, ptToUelPence: 314_100, contributionsPence: 26_730 },
  ]);
});
