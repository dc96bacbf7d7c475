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
import { useDismissibleError } from '../lib/use-dismissible-error';
import { usePayslips } from '../payslip-data/use-payslips';
import { P60CheckSection } from './P60CheckSection';
import { TaxYearChart } from './TaxYearChart';
import { CHART_SERIES } from './tax-year-chart-options';
import { taxYearFigures, todayIso } from './tax-year-figures';
import { taxPeriodName } from '@portal/shared/pay-insights/tax-period';
import '../lib/pay.css';
import '../lib/wide-page.css';
import './tax-year.css';

const pounds = (pence: number) => formatMoney(pence / 100);
const yearRange = (year: TaxYear) => `${formatLongDate(year.start)} to ${formatLongDate(year.end)}`;
const addressLabel = (year: TaxYear) => year.label.replace('/', '-');

// Eight columns: too many for a phone, where each payslip shows as a card of labelled figures.
const MONTH_COLUMNS = [
  { label: 'Pay date' },
  { label: 'Gross pay', money: true },
  ...CHART_SERIES.slice(1).map((series) => ({ label: series.name, money: true })),
  { label: 'Net pay', money: true },
];

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

  return (
    <div className="pay-page pay-page--wide pay-tax-year">
      <PageHeading>Tax year</PageHeading>
      <p>Your pay from 6 April to 5 April, from your payslips.</p>
      {showError ? <LoadErrorNotice title="Your payslips could not be loaded" error={error} onRetry={() => void refetch()} onDismiss={dismissError} /> : null}
      {isLoading ? <Spinner label="Loading payslips…" /> : null}
      {payslips && payslips.length === 0 ? <p>There are no payslips from this employer yet.</p> : null}
      {year && figures ? (
        <>
          <SelectField
            label="Tax year"
            className="pay-tax-year__picker"
            value={year.label}
            options={years.map((option) => ({ value: option.label, label: `${option.label} (${yearRange(option)})` }))}
            onChange={(label) => choose(years.find((option) => option.label === label)!)}
          />

          <section className="pay-card pay-lines" aria-labelledby={totalsId}>
            <h2 id={totalsId} className="pay-card__heading">
              {todayIso() > year.end ? `${year.label} in total` : `${year.label} so far`}
            </h2>
            <p className="pay-tax-year__source">
              {figures.source.kind === 'year-to-date'
                ? `Year-to-date figures from your payslip of ${formatLongDate(figures.source.payDate)}${figures.source.taxPeriod ? ` (tax ${taxPeriodName(figures.source.payFrequency, figures.source.taxPeriod).toLowerCase()})` : ''}.`
                : `The ${figures.totals.payslips === 1 ? 'payslip' : `${figures.totals.payslips} payslips`} of this tax year added up.`}
            </p>
            <dl className="pay-lines__list">
              {(
                [
                  ['Gross pay', figures.totals.grossPence],
                  ['Taxable pay', figures.totals.taxablePence],
                  ['Income Tax', figures.totals.incomeTaxPence],
                  ['National Insurance', figures.totals.nationalInsurancePence],
                  ['Pension', figures.totals.pensionPence],
                  ['Student loan', figures.totals.studentLoanPence],
                  ['Net pay', figures.totals.netPence],
                ] as const
              ).map(([label, pence]) => (
                <div key={label} className={`pay-lines__row${label === 'Net pay' ? ' pay-tax-year__total' : ''}`}>
                  <dt>{label}</dt>
                  <dd>{pounds(pence)}</dd>
                </div>
              ))}
            </dl>
            {todayIso() <= year.end ? (
              <p>
                <Link to={paths.payslipForecast.getHref()}>Estimate your next payslip and this tax year’s total</Link>
              </p>
            ) : null}
          </section>

          <section className="pay-card" aria-labelledby={monthsId}>
            <h2 id={monthsId} className="pay-card__heading">
              Month by month
            </h2>
            {figures.months.length > 0 ? (
              <>
                <TaxYearChart months={figures.months} />
                <ResponsiveTable caption={`Each payslip of ${year.label}: pay, deductions and net pay`} captionHidden columns={MONTH_COLUMNS} stackBelow="wide">
                  {figures.months.map((month) => (
                    <ResponsiveRow key={month.payDate}>
                      <ResponsiveCell rowHeader>{formatLongDate(month.payDate)}</ResponsiveCell>
                      <ResponsiveCell label="Gross pay" money>
                        {pounds(month.grossPence)}
                      </ResponsiveCell>
                      {CHART_SERIES.slice(1).map((series) => (
                        <ResponsiveCell key={series.name} label={series.name} money>
                          {pounds(series.pick(month))}
                        </ResponsiveCell>
                      ))}
                      <ResponsiveCell label="Net pay" money>
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
