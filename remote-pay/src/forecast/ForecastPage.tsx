// What your next payslip will be (/payslips/forecast, beyond the spec): an estimate from the latest
// payslip of the tax year, worked by the API's payroll engine with the same basic pay, tax code, NI
// letter, loan plans and pension; the tax year's total; and what another pension contribution would
// do to take-home pay. Reached from the Tax year page and the latest payslip.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { getApiErrorFacts } from '@portal/shared/api/client';
import type { ForecastTotals, PayForecast } from '@portal/shared/api/types';
import type { ErrorFacts } from '@portal/shared/api/user-message';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { Notice } from '@portal/shared/ui/Notice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Spinner } from '@portal/shared/ui/Spinner';
import type { PensionWhatIf } from './api';
import { readPensionPercent } from './pension-percent';
import { useForecast } from './use-forecast';
import '../lib/pay.css';
import '../lib/pay-lines.css';
import { payTexts } from '../lib/messages';
import { forecastTexts } from './messages';
import './forecast.css';

const t = forecastTexts.t;

/** 'a month', 'a week', 'a fortnight', 'every four weeks'. */
const perPeriod = (frequency: PayForecast['frequency']) => t('perPeriod', { frequency: frequency === 'four-weekly' ? 'fourWeekly' : frequency });

const PERCENT_FIELD = 'forecast-pension-percent';

/** What of the latest payslip the estimate could not start from (the 409's `field`), in words. */
const UNREADABLE_PART = {
  payDate: 'unreadablePayDate',
  yearToDate: 'unreadableYearToDate',
  taxCode: 'unreadableTaxCode',
  niCategory: 'unreadableNiCategory',
  basicPay: 'unreadableBasicPay',
  studentLoan: 'unreadableStudentLoan',
} as const;

/** Why there is no estimate, by the API's code (a 409), or null for any other failure. */
function cannotEstimateWords({ code, field }: ErrorFacts): string | null {
  if (code === 'forecast.employment_ended') return t('ended');
  if (code === 'forecast.no_payslips') return t('noPayslips');
  if (code === 'forecast.unreadable')
    return t(field !== null && Object.hasOwn(UNREADABLE_PART, field) ? UNREADABLE_PART[field as keyof typeof UNREADABLE_PART] : 'unreadable');
  return null;
}

function Figures({ totals }: { totals: ForecastTotals }) {
  const rows: [string, number][] = [
    [payTexts.t('grossPay'), totals.grossPay],
    [payTexts.t('incomeTax'), totals.incomeTax],
    [payTexts.t('nationalInsurance'), totals.nationalInsurance],
    [payTexts.t('pension'), totals.pension],
    ...(totals.studentLoan ? [[payTexts.t('studentLoan'), totals.studentLoan] as [string, number]] : []),
    ...(totals.postgraduateLoan ? [[t('postgraduateLoan'), totals.postgraduateLoan] as [string, number]] : []),
  ];
  return (
    <dl className="pay-lines__list">
      {rows.map(([name, amount]) => (
        <div key={name} className="pay-lines__row">
          <dt>{name}</dt>
          <dd>{formatMoney(amount)}</dd>
        </div>
      ))}
      <div className="pay-lines__row pay-forecast__take-home">
        <dt>{t('takeHome')}</dt>
        <dd>{formatMoney(totals.takeHome)}</dd>
      </div>
    </dl>
  );
}

/** '£79.36 less' or '£12.00 more'. */
const change = (pounds: number) =>
  pounds < 0 ? t('less', { amount: formatMoney(-pounds) }) : pounds > 0 ? t('more', { amount: formatMoney(pounds) }) : t('noDifferent');

function WhatIfResult({ forecast, period }: { forecast: PayForecast; period: string }) {
  const whatIf = forecast.whatIf!;
  const headingId = useId();
  return (
    <section className="pay-card pay-lines" aria-labelledby={headingId} aria-live="polite">
      <h2 id={headingId} className="pay-card__heading">
        {t(whatIf.pension.method === 'salary-sacrifice' ? 'whatIfHeadingSacrifice' : 'whatIfHeading', { percent: whatIf.pension.percent })}
      </h2>
      <p className="pay-forecast__change">
        {t('whatIfChange', { perPeriod: change(whatIf.takeHomeChangePerPeriod), period, perYear: change(whatIf.takeHomeChangePerYear) })}
      </p>
      <Figures totals={whatIf.next} />
    </section>
  );
}

export default function ForecastPage() {
  const { data: forecast, error, isLoading, refetch } = useForecast();
  const [percentText, setPercentText] = useState('');
  const [sacrifice, setSacrifice] = useState<boolean | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [asked, setAsked] = useState<PensionWhatIf | null>(null);
  const whatIf = useForecast(asked, asked !== null);
  const nextId = useId();
  const yearId = useId();
  const formId = useId();
  const hintId = useId();
  const errorId = useId();
  const sacrificeHintId = useId();

  // A 409 is the API saying why it cannot estimate (an ended job, no payslip, a payslip it cannot read).
  const cannotEstimate = cannotEstimateWords(getApiErrorFacts(error));
  const period = forecast ? perPeriod(forecast.frequency) : '';
  const salarySacrifice = sacrifice ?? forecast?.basedOn.pension.method === 'salary-sacrifice';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reading = readPensionPercent(percentText);
    if ('error' in reading) {
      setFieldError(reading.error);
      setAttempt((n) => n + 1);
      return;
    }
    setFieldError(null);
    setAsked({ percent: reading.percent, salarySacrifice });
  };

  return (
    <div className="pay-page pay-forecast">
      <PageHeading>{t('heading')}</PageHeading>
      <Notice tone="info" title={t('estimateTitle')}>
        <p>{t('estimate')}</p>
      </Notice>
      {isLoading ? <Spinner label={t('working')} /> : null}
      {cannotEstimate ? (
        <Notice tone="error" title={t('cannotTitle')}>
          <p>{cannotEstimate}</p>
        </Notice>
      ) : error ? (
        <LoadErrorNotice title={t('failedTitle')} error={error} onRetry={() => void refetch()} />
      ) : null}
      {forecast ? (
        <>
          <section className="pay-card pay-lines" aria-labelledby={nextId}>
            <h2 id={nextId} className="pay-card__heading">
              {t('nextHeading', { date: formatLongDate(forecast.next.payDate) })}
            </h2>
            <p className="pay-forecast__basis">
              {t('basis', {
                date: formatLongDate(forecast.basedOn.payDate),
                basicPay: formatMoney(forecast.basedOn.basicPay),
                taxCode: forecast.basedOn.taxCode,
                niCategory: forecast.basedOn.niCategory,
                percent: forecast.basedOn.pension.percent,
              })}
            </p>
            <Figures totals={forecast.next} />
          </section>

          <section className="pay-card pay-lines" aria-labelledby={yearId}>
            <h2 id={yearId} className="pay-card__heading">
              {t('yearHeading', { taxYear: forecast.taxYear })}
            </h2>
            <p className="pay-forecast__basis">{t('yearBasis', { count: forecast.year.remainingPeriods })}</p>
            <Figures totals={forecast.year.total} />
          </section>

          <section className="pay-card" aria-labelledby={formId}>
            <h2 id={formId} className="pay-card__heading">
              {t('pensionHeading')}
            </h2>
            <ErrorSummary errors={fieldError ? [{ fieldId: PERCENT_FIELD, message: fieldError }] : []} attempt={attempt} />
            <form noValidate onSubmit={submit}>
              <div className={`pay-forecast__field${fieldError ? ' pay-forecast__field--error' : ''}`}>
                <label htmlFor={PERCENT_FIELD} className="pay-forecast__label">
                  {t('percentLabel')}
                </label>
                <p id={hintId} className="pay-forecast__hint">
                  {t('percentHint', { percent: forecast.basedOn.pension.percent })}
                </p>
                {fieldError ? (
                  <p id={errorId} className="pay-forecast__error">
                    <span className="ui-visually-hidden">{formPartsTexts.t('errorPrefix')}</span>
                    {fieldError}
                  </p>
                ) : null}
                <input
                  id={PERCENT_FIELD}
                  className="pay-forecast__input"
                  inputMode="decimal"
                  autoComplete="off"
                  spellCheck={false}
                  value={percentText}
                  onChange={(event) => setPercentText(event.target.value)}
                  aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
                  aria-invalid={fieldError ? true : undefined}
                />
              </div>
              <div className="pay-forecast__field pay-forecast__checkbox">
                <input
                  id="forecast-salary-sacrifice"
                  type="checkbox"
                  checked={salarySacrifice}
                  onChange={(event) => setSacrifice(event.target.checked)}
                  aria-describedby={sacrificeHintId}
                />
                <label htmlFor="forecast-salary-sacrifice">{t('sacrifice')}</label>
                <p id={sacrificeHintId} className="pay-forecast__hint">
                  {t('sacrificeHint')}
                </p>
              </div>
              <button type="submit" className="ui-button ui-button--primary">
                {t('show')}
              </button>
            </form>
            {whatIf.isLoading ? <Spinner label={t('workingItOut')} /> : null}
            {whatIf.error ? <LoadErrorNotice title={t('whatIfFailed')} error={whatIf.error} onRetry={() => void whatIf.refetch()} /> : null}
          </section>
          {whatIf.data?.whatIf ? <WhatIfResult forecast={whatIf.data} period={period} /> : null}
        </>
      ) : null}
    </div>
  );
}
