import { ringChartOptions } from './ring-chart-options';

describe('ringChartOptions (spec section 9)', () => {
  it('is a pie of deductions and net pay, 62% inner size, size 50, height 56, pink and darker pink', () => {
    const options = ringChartOptions({ netPay: 1234.56, totalDeductions: 415.44 });
    expect(options.chart).toMatchObject({ type: 'pie', height: 56, animation: false });
    expect(options.plotOptions?.pie).toMatchObject({ innerSize: '62%', size: 50, animation: false, dataLabels: { enabled: false } });
    expect(options.series).toEqual([
      {
        type: 'pie',
        name: 'Pay',
        data: [
          { name: 'Deductions', y: 415.44, color: '#E59AC9' },
          { name: 'Net pay', y: 1234.56, color: '#cb3493' },
        ],
      },
    ]);
  });

  it('has no title, tooltip, credits, legend or labels', () => {
    const options = ringChartOptions({ netPay: 1, totalDeductions: 1 });
    expect(options.title?.text).toBeUndefined();
    expect(options.tooltip).toEqual({ enabled: false });
    expect(options.credits).toEqual({ enabled: false });
    expect(options.legend).toEqual({ enabled: false });
    expect(options.plotOptions?.pie?.enableMouseTracking).toBe(false);
  });
});
