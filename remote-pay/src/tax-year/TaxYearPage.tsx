// Tax year (/tax-year, beyond the spec): a UK tax year (6 April to 5 April) at a glance —
// the year's totals, a month-by-month chart with its table, and for a finished year a check that
// the payslips agree with the P60. The year is chosen on the page and kept in the address.
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import { taxYearFromLabel, taxYearsCovered } from '@portal/shared/pay-insights/tax-year';
import type { TaxYear } from '@portal/shared/pay-insights/tax-year';
import { usePayDocumentsQuery } from '@portal/shared/react/use-pay-documents-query';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';
import { SelectField } from '@portal/shared/ui/SelectField';
import { Spinner } from '@portal/shared/ui/Spinner';
import { payTexts } from '../lib/messages';
import { useDismissibleError } from '../lib/use-dismissible-error';
import { usePayslips } from '../payslip-data/use-payslips';
import { P60CheckSection } from './P60CheckSection';
import { TaxYearChart } from './TaxYearChart';
import { taxYearTexts as texts } from './messages';
import { chartSeries } from './tax-year-chart-options';
import { taxYearFigures, todayIso } from './tax-year-figures';
import '../lib/pay.css';
import '../lib/pay-lines.css';
import '../lib/wide-page.css';
import './tax-year.css';

const pounds = (pence: number) => formatMoney(pence / 100);
const yearOption = (year: TaxYear) => texts.t('yearOption', { year: year.label, start: formatLongDate(year.start), end: formatLongDate(year.end) });
const addressLabel = (year: TaxYear) => year.label.replace('/', '-');

// Eight columns: too many for a phone, where each payslip shows as a card of labelled figures.
const monthColumns = () => [
  { label: payTexts.t('payDate') },
  { label: payTexts.t('grossPay'), money: true },
  ...chartSeries()
    .slice(1)
    .map((series) => ({ label: series.name, money: true })),
  { label: payTexts.t('netPay'), money: true },
];

/** A pay frequency as the messages' select names it (ICU keys have no hyphen). */
const FREQUENCY_KEY = { weekly: 'weekly', fortnightly: 'fortnightly', 'four-weekly': 'fourWeekly', monthly: 'monthly' } as const;

/** Where the year's totals come from, in words. */
function totalsSource({ source, totals }: ReturnType<typeof taxYearFigures>): string {
  if (source.kind !== 'year-to-date') return texts.t('addedUp', { count: totals.payslips });
  const date = formatLongDate(source.payDate);
  if (!source.taxPeriod) return texts.t('fromYearToDate', { date });
  return texts.t('fromYearToDatePeriod', { date, frequency: FREQUENCY_KEY[source.payFrequency ?? 'monthly'], period: source.taxPeriod });
}

export default function TaxYearPage() {
  const { data: payslips, error, isLoading, refetch } = usePayslips();
  const { showError, dismissError } = useDismissibleError(error);
  const documents = usePayDocumentsQuery();
  const [search, setSearch] = useSearchParams();
  const totalsId = useId();
  const monthsId = useId();

  const years = useMemo(() => taxYearsCovered(payslips ?? []), [payslips]);
  const asked = taxYearFromLabel(search.get('year') ?? '');
  const year = years.find((candidate) => candidate.label === asked?.label) ?? years[0];
  const figures = useMemo(() => (year && payslips ? taxYearFigures(payslips, year) : null), [payslips, year]);

  const choose = (chosen: TaxYear) => setSearch({ year: addressLabel(chosen) }, { replace: true });
  const series = chartSeries().slice(1);

  return (
    <div className="pay-page pay-page--wide pay-tax-year">
      <PageHeading>{texts.t('heading')}</PageHeading>
      <p>{texts.t('intro')}</p>
      {showError ? <LoadErrorNotice title={payTexts.t('payslipsLoadFailed')} error={error} onRetry={() => void refetch()} onDismiss={dismissError} /> : null}
      {isLoading ? <Spinner label={payTexts.t('loadingPayslips')} /> : null}
      {payslips && payslips.length === 0 ? <p>{payTexts.t('noPayslips')}</p> : null}
      {year && figures ? (
        <>
          <SelectField
            label={texts.t('yearLabel')}
            className="pay-tax-year__picker"
            value={year.label}
            options={years.map((option) => ({ value: option.label, label: yearOption(option) }))}
            onChange={(label) => choose(years.find((option) => option.label === label)!)}
          />

          <section className="pay-card pay-lines" aria-labelledby={totalsId}>
            <h2 id={totalsId} className="pay-card__heading">
              {texts.t(todayIso() > year.end ? 'inTotal' : 'soFar', { year: year.label })}
            </h2>
            <p className="pay-tax-year__source">{totalsSource(figures)}</p>
            <dl className="pay-lines__list">
              {(
                [
                  ['grossPay', figures.totals.grossPence],
                  ['taxablePay', figures.totals.taxablePence],
                  ['incomeTax', figures.totals.incomeTaxPence],
                  ['nationalInsurance', figures.totals.nationalInsurancePence],
                  ['pension', figures.totals.pensionPence],
                  ['studentLoan', figures.totals.studentLoanPence],
                  ['netPay', figures.totals.netPence],
                ] as const
              ).map(([line, pence]) => (
                <div key={line} className={`pay-lines__row${line === 'netPay' ? ' pay-tax-year__total' : ''}`}>
                  <dt>{payTexts.t(line)}</dt>
                  <dd>{pounds(pence)}</dd>
                </div>
              ))}
            </dl>
            {todayIso() <= year.end ? (
              <p>
                <Link to={paths.payslipForecast.getHref()}>{texts.t('forecast')}</Link>
              </p>
            ) : null}
          </section>

          <section className="pay-card" aria-labelledby={monthsId}>
            <h2 id={monthsId} className="pay-card__heading">
              {texts.t('monthByMonth')}
            </h2>
            {figures.months.length > 0 ? (
              <>
                <TaxYearChart months={figures.months} />
                <ResponsiveTable caption={texts.t('monthsCaption', { year: year.label })} captionHidden columns={monthColumns()} stackBelow="wide">
                  {figures.months.map((month) => (
                    <ResponsiveRow key={month.payDate}>
                      <ResponsiveCell rowHeader>{formatLongDate(month.payDate)}</ResponsiveCell>
                      <ResponsiveCell label={payTexts.t('grossPay')} money>
                        {pounds(month.grossPence)}
                      </ResponsiveCell>
                      {series.map((line) => (
                        <ResponsiveCell key={line.name} label={line.name} money>
                          {pounds(line.pick(month))}
                        </ResponsiveCell>
                      ))}
                      <ResponsiveCell label={payTexts.t('netPay')} money>
                        {pounds(month.netPence)}
                      </ResponsiveCell>
                    </ResponsiveRow>
                  ))}
                </ResponsiveTable>
              </>
            ) : null}
          </section>

          <P60CheckSection year={year} totals={figures.totals} documents={documents} />
        </>
      ) : null}
    </div>
  );
}
