// The Highcharts options of the payslip ring chart, exactly as spec section 9 sets them:
// a pie of two slices (deductions, net pay), inner size 62%, size 50, height 56, and no title,
// tooltip, credits, animation or labels. Only types are imported here: Highcharts itself is
// loaded on demand (lib/load-highcharts.ts).
import type { Options } from 'highcharts';
import { RING_CHART } from '@portal/shared/constants';

export type RingChartValues = { netPay: number; totalDeductions: number };

export function ringChartOptions({ netPay, totalDeductions }: RingChartValues): Options {
  return {
    chart: { type: 'pie', height: RING_CHART.height, animation: false, backgroundColor: 'transparent' },
    title: { text: undefined },
    tooltip: { enabled: false },
    credits: { enabled: false },
    legend: { enabled: false },
    // The wrapper gives the chart its text alternative (role img + label); this module is not loaded.
    accessibility: { enabled: false },
    plotOptions: {
      pie: {
        innerSize: RING_CHART.innerSize,
        size: RING_CHART.size,
        animation: false,
        dataLabels: { enabled: false },
        enableMouseTracking: false,
      },
    },
    series: [
      {
        type: 'pie',
        name: 'Pay',
        data: [
          { name: 'Deductions', y: totalDeductions, color: RING_CHART.colours.deductions },
          { name: 'Net pay', y: netPay, color: RING_CHART.colours.netPay },
        ],
      },
    ],
  };
}
