// 'Check against your P60' on the Tax year screen: for a finished year, whether the payslips'
// totals agree with the P60, or each figure that differs and by how much.
import { useId } from 'react';
import type { UseQueryResult } from '@portal/shared/query';
import type { PayDocument } from '@portal/shared/api/types';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import type { TaxYear, YearTotals } from '@portal/shared/pay-insights/tax-year';
import { p60Outcome, todayIso } from './tax-year-figures';

const pounds = (pence: number) => formatMoney(Math.abs(pence) / 100);

export type P60CheckSectionProps = { year: TaxYear; totals: YearTotals; documents: UseQueryResult<PayDocument[]> };

function Outcome({ year, totals, documents }: P60CheckSectionProps) {
  if (todayIso() <= year.end) return <p>A P60 comes after the tax year ends on {formatLongDate(year.end)}; the portal checks it then.</p>;
  if (documents.isError) return <p>We could not load your P60s, so this year could not be checked. Try again later.</p>;
  if (!documents.data) return <p>Checking against your P60…</p>;
  const outcome = p60Outcome(totals, year, documents.data, todayIso());
  switch (outcome.kind) {
    case 'year-not-finished':
      return null;
    case 'no-p60':
      return <p>There is no P60 for {year.label} in the portal. Your employer gives you one by 31 May after the tax year ends.</p>;
    case 'p60-without-figures':
      return <p>Your P60 for {year.label} is in the portal, but without figures the portal can read: compare it with these totals yourself.</p>;
    case 'checked':
      if (outcome.check.agrees)
        return (
          <p className="pay-tax-year__agrees">Your payslips agree with your P60 for {year.label}: pay, Income Tax, National Insurance and student loan.</p>
        );
      return (
        <>
          <p>Your payslips do not agree with your P60 for {year.label}. Ask your payroll team about these figures:</p>
          <ul className="pay-tax-year__differences">
            {outcome.check.differences.map((difference) => (
              <li key={difference.figure}>
                {difference.figure}: {pounds(difference.payslipsPence)} on your payslips, {pounds(difference.p60Pence)} on your P60 (
                {pounds(difference.differencePence)} {difference.differencePence > 0 ? 'more' : 'less'} on your payslips).
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
        Check against your P60
      </h2>
      <Outcome {...props} />
    </section>
  );
}
