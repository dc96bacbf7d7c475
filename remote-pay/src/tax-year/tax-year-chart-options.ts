// Highcharts options of the month-by-month chart of a tax year: one stacked column a payslip, net
// pay and each deduction in its own colour. Types only: Highcharts loads when the chart shows.
import type { AxisLabelsFormatterContextObject, Options, Point } from 'highcharts';
import { formatMoney, formatShortDate } from '@portal/shared/format';
import type { MonthFigures } from '@portal/shared/pay-insights/tax-year';
import { payTexts } from '../lib/messages';

/** 'Oct 2026' ('Hyd 2026' on a Welsh page): a pay date's month, as the page's short dates write it. */
const shortMonth = (payDate: string) => formatShortDate(payDate).replace(/^\d+\s+/, '');

type ChartSeries = { name: string; colour: string; pick: (m: MonthFigures) => number };

/** Net pay and each deduction, named in the page's language. */
export const chartSeries = (): ChartSeries[] => [
  { name: payTexts.t('netPay'), colour: '#a3246f', pick: (m) => m.netPence },
  { name: payTexts.t('incomeTax'), colour: '#1f4e79', pick: (m) => m.incomeTaxPence },
  { name: payTexts.t('nationalInsurance'), colour: '#3c8d5a', pick: (m) => m.nationalInsurancePence },
  { name: payTexts.t('pension'), colour: '#b36b00', pick: (m) => m.pensionPence },
  { name: payTexts.t('studentLoan'), colour: '#6b6b78', pick: (m) => m.studentLoanPence },
];

/**
 * Heights in pixels: on a phone the legend wraps and the month labels slant, so the chart is taller
 * to leave the columns a readable plot (about 250 px; the wrapped legend and slanted labels take some 210 px) rather than a strip. The container reserves
 * the same heights (tax-year.css), so nothing moves when the chart arrives.
 */
export const TAX_YEAR_CHART_HEIGHT = { wide: 280, narrow: 460, narrowBelowWidth: 500 } as const;

export function taxYearChartOptions(months: MonthFigures[]): Options {
  return {
    chart: { type: 'column', height: TAX_YEAR_CHART_HEIGHT.wide, animation: false, backgroundColor: 'transparent' },
    title: { text: undefined },
    credits: { enabled: false },
    // The table below the chart is its text equivalent; the drawing is hidden from screen readers.
    accessibility: { enabled: false },
    xAxis: { categories: months.map((m) => shortMonth(m.payDate)) },
    // Money as the rest of the portal writes it ('£3,312', '£446.20'), not Highcharts' '3 312'.
    yAxis: {
      title: { text: undefined },
      labels: {
        formatter(this: AxisLabelsFormatterContextObject) {
          return `£${Number(this.value).toLocaleString('en-GB')}`;
        },
      },
    },
    tooltip: {
      shared: true,
      pointFormatter(this: Point) {
        return `${this.series.name}: <b>${formatMoney(this.y ?? 0)}</b><br/>`;
      },
    },
    plotOptions: { column: { stacking: 'normal', animation: false, borderWidth: 0 } },
    responsive: {
      rules: [
        {
          condition: { maxWidth: TAX_YEAR_CHART_HEIGHT.narrowBelowWidth },
          chartOptions: {
            chart: { height: TAX_YEAR_CHART_HEIGHT.narrow },
            xAxis: { labels: { style: { fontSize: '12px' } } },
            yAxis: { labels: { style: { fontSize: '12px' } } },
            legend: { itemStyle: { fontSize: '13px' } },
          },
        },
      ],
    },
    series: chartSeries().map((series) => ({
      type: 'column' as const,
      name: series.name,
      color: series.colour,
      data: months.map((m) => series.pick(m) / 100),
    })),
  };
}
