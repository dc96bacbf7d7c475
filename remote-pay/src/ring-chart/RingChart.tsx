// The small ring chart of a payslip (net pay against deductions). The chart is drawn by Highcharts
// into a div once the library has loaded, and destroyed on unmount or when the values change.
// Screen readers get the figures from the wrapper's label; the drawing itself is hidden from them.
import { useMemo, useRef } from 'react';
import { formatMoney } from '@portal/shared/format';
import { useHighchart } from '../lib/use-highchart';
import { ringChartOptions } from './ring-chart-options';
import { summaryTexts } from '../payslip-summary/messages';
import './ring-chart.css';

export type RingChartProps = { netPay: number; grossPay: number; totalDeductions: number };

/** 'Net pay £x of gross pay £y; deductions £z' */
function ringChartLabel({ netPay, grossPay, totalDeductions }: RingChartProps): string {
  return summaryTexts.t('ring', { net: formatMoney(netPay), gross: formatMoney(grossPay), deductions: formatMoney(totalDeductions) });
}

export function RingChart({ netPay, grossPay, totalDeductions }: RingChartProps) {
  const target = useRef<HTMLDivElement>(null);

  const options = useMemo(() => ringChartOptions({ netPay, totalDeductions }), [netPay, totalDeductions]);
  useHighchart(target, options, 'ring chart');

  return (
    <div role="img" aria-label={ringChartLabel({ netPay, grossPay, totalDeductions })} className="pay-ring-chart">
      <div ref={target} className="pay-ring-chart__canvas" aria-hidden="true" data-testid="ring-chart-canvas" />
    </div>
  );
}
