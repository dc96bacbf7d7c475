import { taxYearChartOptions } from './tax-year-chart-options';

const month = (payDate: string, netPence: number) => ({
  taxMonth: 1,
  payDate,
  grossPence: 0,
  taxablePence: 0,
  incomeTaxPence: 40_000,
  nationalInsurancePence: 15_000,
  pensionPence: 16_000,
  studentLoanPence: 0,
  otherDeductionsPence: 0,
  netPence,
});

describe('taxYearChartOptions', () => {
  it('stacks net pay and each deduction, a column a payslip, in pounds', () => {
    const options = taxYearChartOptions([month('2026-04-30', 250_000), month('2026-05-29', 251_000)]);
    expect(options.xAxis).toMatchObject({ categories: ['Apr 2026', 'May 2026'] });
    expect(options.series?.map((series) => [series.name, (series as { data: number[] }).data])).toEqual([
      ['Net pay', [2500, 2510]],
      ['Income Tax', [400, 400]],
      ['National Insurance', [150, 150]],
      ['Pension', [160, 160]],
      ['Student loan', [0, 0]],
    ]);
    expect(options.accessibility).toEqual({ enabled: false });
  });

  it('is taller on a phone, where the legend wraps and the month labels slant', () => {
    const options = taxYearChartOptions([month('2026-04-30', 250_000)]);
    expect(options.chart?.height).toBe(280);
    expect(options.responsive?.rules).toEqual([
      expect.objectContaining({ condition: { maxWidth: 500 }, chartOptions: expect.objectContaining({ chart: { height: 460 } }) }),
    ]);
  });
});
