// 'Check against your P60' on the Tax year screen: for a finished year, whether the payslips'
// totals agree with the P60, or each figure that differs and by how much.
import { useId } from 'react';
import type { UseQueryResult } from '@portal/shared/query';
import type { PayDocument } from '@portal/shared/api/types';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import type { TaxYear, YearTotals } from '@portal/shared/pay-insights/tax-year';
import { p60Outcome, todayIso } from './tax-year-figures';
import { payTexts, type PayTextId } from '../lib/messages';
import { taxYearTexts as texts } from './messages';

const pounds = (pence: number) => formatMoney(Math.abs(pence) / 100);

/** The P60's figures as the check names them (shared/src/pay-insights/tax-year.ts), in the page's language. */
const FIGURE_WORDS: Readonly<Record<string, PayTextId>> = {
  Pay: 'pay',
  'Income Tax': 'incomeTax',
  'National Insurance': 'nationalInsurance',
  'Student loan': 'studentLoan',
};
const figureName = (figure: string) => (FIGURE_WORDS[figure] ? payTexts.t(FIGURE_WORDS[figure]) : figure);

export type P60CheckSectionProps = { year: TaxYear; totals: YearTotals; documents: UseQueryResult<PayDocument[]> };

function Outcome({ year, totals, documents }: P60CheckSectionProps) {
  if (todayIso() <= year.end) return <p>{texts.t('checkLater', { date: formatLongDate(year.end) })}</p>;
  if (documents.isError) return <p>{texts.t('checkLoadFailed')}</p>;
  if (!documents.data) return <p>{texts.t('checking')}</p>;
  const outcome = p60Outcome(totals, year, documents.data, todayIso());
  switch (outcome.kind) {
    case 'year-not-finished':
      return null;
    case 'no-p60':
      return <p>{texts.t('noP60', { year: year.label })}</p>;
    case 'p60-without-figures':
      return <p>{texts.t('p60WithoutFigures', { year: year.label })}</p>;
    case 'checked':
      if (outcome.check.agrees) return <p className="pay-tax-year__agrees">{texts.t('agrees', { year: year.label })}</p>;
      return (
        <>
          <p>{texts.t('disagrees', { year: year.label })}</p>
          <ul className="pay-tax-year__differences">
            {outcome.check.differences.map((difference) => (
              <li key={difference.figure}>
                {texts.t('difference', {
                  figure: figureName(difference.figure),
                  payslips: pounds(difference.payslipsPence),
                  p60: pounds(difference.p60Pence),
                  difference: pounds(difference.differencePence),
                  direction: difference.differencePence > 0 ? 'more' : 'less',
                })}
              </li>
            ))}
          </ul>
        </>
      );
  }
}

export function P60CheckSection(props: P60CheckSectionProps) {
  const headingId = useId();
  return (
    <section className="pay-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-card__heading">
        {texts.t('checkHeading')}
      </h2>
      <Outcome {...props} />
    </section>
  );
}
