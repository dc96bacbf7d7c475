// 'Earnings' on a payslip (beyond the spec): the lines that add up to gross pay, with the
// hours and rate of hourly lines, each with 'What is this?'.
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { PayslipLine, Payslip } from '@portal/shared/api/types';
import { formatMoney } from '@portal/shared/format';
import { earningHelp } from '@portal/shared/pay-insights/line-help';
import { pageWords } from '@portal/shared/pay-insights/page-words';
import { summaryTexts } from '../payslip-summary/messages';
import { WhatIsThis } from './WhatIsThis';
import { explainedTexts } from './messages';

/** `action`: something to do about a line (the detail page's 'Ask payroll about this'). */
export function EarningsLines({ payslip, action }: { payslip: Payslip; action?: (line: PayslipLine) => ReactNode }) {
  const headingId = useId();
  const earnings = payslip.earnings ?? [];
  if (earnings.length === 0) return null;
  return (
    <section className="pay-card pay-lines" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-card__heading">
        {explainedTexts.t('earnings')}
      </h2>
      <dl className="pay-lines__list">
        {earnings.map((line, index) => (
          <div key={`${line.name}-${index}`} className="pay-lines__row">
            <dt>
              {line.name}
              {line.hours !== undefined && line.rate !== undefined ? (
                <span className="pay-lines__detail"> {explainedTexts.t('hoursAtRate', { hours: line.hours, rate: formatMoney(line.rate) })}</span>
              ) : null}
            </dt>
            <dd>{formatMoney(line.amount)}</dd>
            <dd className="pay-lines__help">
              <WhatIsThis subject={line.name}>{earningHelp(line.kind, pageWords)}</WhatIsThis>
            </dd>
            {action ? <dd className="pay-lines__action">{action(line)}</dd> : null}
          </div>
        ))}
        <div className="pay-lines__row pay-lines__row--total">
          <dt>{summaryTexts.t('grossPay')}</dt>
          <dd>{formatMoney(payslip.grossPay)}</dd>
        </div>
      </dl>
    </section>
  );
}
