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
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { Notice } from '@portal/shared/ui/Notice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Spinner } from '@portal/shared/ui/Spinner';
import type { PensionWhatIf } from './api';
import { readPensionPercent } from './pension-percent';
import { useForecast } from './use-forecast';
import '../lib/pay.css';
import '../lib/pay-lines.css';
import './forecast.css';

const PER_PERIOD: Record<PayForecast['frequency'], string> = {
  monthly: 'a month',
  weekly: 'a week',
  fortnightly: 'a fortnight',
  'four-weekly': 'every four weeks',
};

const PERCENT_FIELD = 'forecast-pension-percent';

/** What of the latest payslip the estimate could not start from (the 409's `field`), in words. */
const UNREADABLE_PART: Readonly<Record<string, string>> = {
  payDate: 'There is no payslip from this tax year to start from.',
  yearToDate: 'Your latest payslip does not show its tax code and figures for the year to date.',
  taxCode: 'We cannot work out pay with the tax code on your latest payslip.',
  niCategory: 'We cannot read the National Insurance category letter on your latest payslip.',
  basicPay: 'Your latest payslip shows no basic pay to start from.',
  studentLoan: 'We cannot tell which student loan plan your latest payslip repays.',
};

/** Why there is no estimate, by the API's code (a 409), or null for any other failure. */
function cannotEstimateWords({ code, field }: ErrorFacts): string | null {
  if (code === 'forecast.employment_ended') return 'There is no next payslip to estimate: your work for this employer has ended.';
  if (code === 'forecast.no_payslips') return 'There is no payslip yet to estimate the next one from.';
  if (code === 'forecast.unreadable')
    return (
      (field !== null && UNREADABLE_PART[field]) || 'We cannot estimate your next payslip from your latest one. Your payroll team can tell you what to expect.'
    );
  return null;
}

function Figures({ totals }: { totals: ForecastTotals }) {
  const rows: [string, number][] = [
    ['Gross pay', totals.grossPay],
    ['Income Tax', totals.incomeTax],
    ['National Insurance', totals.nationalInsurance],
    ['Pension', totals.pension],
    ...(totals.studentLoan ? [['Student loan', totals.studentLoan] as [string, number]] : []),
    ...(totals.postgraduateLoan ? [['Postgraduate Loan', totals.postgraduateLoan] as [string, number]] : []),
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
        <dt>Take-home pay</dt>
        <dd>{formatMoney(totals.takeHome)}</dd>
      </div>
    </dl>
  );
}

/** '£79.36 less' or '£12.00 more'. */
const change = (pounds: number) => (pounds < 0 ? `${formatMoney(-pounds)} less` : pounds > 0 ? `${formatMoney(pounds)} more` : 'no different');

function WhatIfResult({ forecast, period }: { forecast: PayForecast; period: string }) {
  const whatIf = forecast.whatIf!;
  const headingId = useId();
  return (
    <section className="pay-card pay-lines" aria-labelledby={headingId} aria-live="polite">
      <h2 id={headingId} className="pay-card__heading">
        With {whatIf.pension.percent}% into your pension{whatIf.pension.method === 'salary-sacrifice' ? ' by salary sacrifice' : ''}
      </h2>
      <p className="pay-forecast__change">
        Your take-home pay would be {change(whatIf.takeHomeChangePerPeriod)} {period}, and {change(whatIf.takeHomeChangePerYear)} a year.
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
  const period = forecast ? PER_PERIOD[forecast.frequency] : '';
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
      <PageHeading>Your next payslip</PageHeading>
      <Notice tone="info" title="This is an estimate">
        <p>
          This is an estimate from your latest payslip: the same basic pay, tax code and deductions, with no overtime or bonus. Your actual payslip may differ.
        </p>
      </Notice>
      {isLoading ? <Spinner label="Working out your next payslip…" /> : null}
      {cannotEstimate ? (
        <Notice tone="error" title="Your next payslip cannot be estimated">
          <p>{cannotEstimate}</p>
        </Notice>
      ) : error ? (
        <LoadErrorNotice title="Your next payslip could not be estimated" error={error} onRetry={() => void refetch()} />
      ) : null}
      {forecast ? (
        <>
          <section className="pay-card pay-lines" aria-labelledby={nextId}>
            <h2 id={nextId} className="pay-card__heading">
              Payslip of {formatLongDate(forecast.next.payDate)} (estimated)
            </h2>
            <p className="pay-forecast__basis">
              From your payslip of {formatLongDate(forecast.basedOn.payDate)}: basic pay {formatMoney(forecast.basedOn.basicPay)}, tax code{' '}
              {forecast.basedOn.taxCode}, National Insurance letter {forecast.basedOn.niCategory}, pension {forecast.basedOn.pension.percent}%.
            </p>
            <Figures totals={forecast.next} />
          </section>

          <section className="pay-card pay-lines" aria-labelledby={yearId}>
            <h2 id={yearId} className="pay-card__heading">
              {forecast.taxYear} in total (estimated)
            </h2>
            <p className="pay-forecast__basis">
              Paid so far, plus {forecast.year.remainingPeriods === 1 ? '1 more pay day' : `${forecast.year.remainingPeriods} more pay days`} like the next one.
            </p>
            <Figures totals={forecast.year.total} />
          </section>

          <section className="pay-card" aria-labelledby={formId}>
            <h2 id={formId} className="pay-card__heading">
              What if I paid more into my pension?
            </h2>
            <ErrorSummary errors={fieldError ? [{ fieldId: PERCENT_FIELD, message: fieldError }] : []} attempt={attempt} />
            <form noValidate onSubmit={submit}>
              <div className={`pay-forecast__field${fieldError ? ' pay-forecast__field--error' : ''}`}>
                <label htmlFor={PERCENT_FIELD} className="pay-forecast__label">
                  Pension contribution (% of pay)
                </label>
                <p id={hintId} className="pay-forecast__hint">
                  You pay {forecast.basedOn.pension.percent}% now. For example, 8 or 8.5.
                </p>
                {fieldError ? (
                  <p id={errorId} className="pay-forecast__error">
                    <span className="ui-visually-hidden">Error:</span> {fieldError}
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
                <label htmlFor="forecast-salary-sacrifice">Pay it by salary sacrifice</label>
                <p id={sacrificeHintId} className="pay-forecast__hint">
                  Only if your employer’s scheme allows it: you give up that much pay, so you pay less National Insurance too.
                </p>
              </div>
              <button type="submit" className="ui-button ui-button--primary">
                Show the difference
              </button>
            </form>
            {whatIf.isLoading ? <Spinner label="Working it out…" /> : null}
            {whatIf.error ? (
              <LoadErrorNotice title="The difference could not be worked out" error={whatIf.error} onRetry={() => void whatIf.refetch()} />
            ) : null}
          </section>
          {whatIf.data?.whatIf ? <WhatIfResult forecast={whatIf.data} period={period} /> : null}
        </>
      ) : null}
    </div>
  );
}
