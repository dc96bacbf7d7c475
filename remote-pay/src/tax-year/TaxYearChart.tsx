// The month-by-month chart of a tax year, drawn by Highcharts once it has loaded (its own chunk,
// fetched only when a chart shows). Hidden from screen readers: the table after it says the same.
import { useMemo, useRef } from 'react';
import type { MonthFigures } from '@portal/shared/pay-insights/tax-year';
import { useHighchart } from '../lib/use-highchart';
import { taxYearChartOptions } from './tax-year-chart-options';

export function TaxYearChart({ months }: { months: MonthFigures[] }) {
  const target = useRef<HTMLDivElement>(null);

  const options = useMemo(() => taxYearChartOptions(months), [months]);
  useHighchart(target, options, 'tax year chart');

  return <div ref={target} className="pay-tax-year__chart" aria-hidden="true" data-testid="tax-year-chart" />;
}
