// The small ring chart of a payslip (net pay against deductions). The chart is drawn by Highcharts
// into a div once the library has loaded, and destroyed on unmount or when the values change.
// Screen readers get the figures from the wrapper's label; the drawing itself is hidden from them.
import { useEffect, useRef } from 'react';
import { formatMoney } from '@portal/shared/format';
import { loadHighcharts } from './load-highcharts';
import { ringChartOptions } from './ring-chart-options';
import './ring-chart.css';

export type RingChartProps = { netPay: number; grossPay: number; totalDeductions: number };

/** 'Net pay £x of gross pay £y; deductions £z' */
export function ringChartLabel({ netPay, grossPay, totalDeductions }: RingChartProps): string {
  return `Net pay ${formatMoney(netPay)} of gross pay ${formatMoney(grossPay)}; deductions ${formatMoney(totalDeductions)}`;
}

export function RingChart({ netPay, grossPay, totalDeductions }: RingChartProps) {
  const target = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let closed = false;
    let chart: { destroy: () => void } | null = null;
    loadHighcharts().then(
      (Highcharts) => {
        if (closed || !target.current) return;
        chart = Highcharts.chart(target.current, ringChartOptions({ netPay, totalDeductions }));
      },
      (error: unknown) => {
        // The figures are still on the card and in the label; only the drawing is missing.
        if (!closed) console.error('The ring chart could not be loaded.', error);
      },
    );
    return () => {
      closed = true;
      chart?.destroy();
    };
  }, [netPay, totalDeductions]);

  return (
    <div role="img" aria-label={ringChartLabel({ netPay, grossPay, totalDeductions })} className="pay-ring-chart">
      <div ref={target} className="pay-ring-chart__canvas" aria-hidden="true" data-testid="ring-chart-canvas" />
    </div>
  );
}
