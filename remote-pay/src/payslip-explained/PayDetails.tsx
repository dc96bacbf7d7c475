// 'Pay details' on a payslip (beyond the spec): employer, pay period, tax period, tax code
// and NI category, each with what it means; an emergency tax code is flagged with what to do.
import { useId } from 'react';
import type { Payslip } from '@portal/shared/api/types';
import { niCategoryHelp } from '@portal/shared/pay-insights/line-help';
import { explainTaxCode } from '@portal/shared/pay-insights/tax-code';
import { Notice } from '@portal/shared/ui/Notice';
import { WhatIsThis } from './WhatIsThis';

const payPeriodFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'October 2026': the month a monthly payslip pays for. */
function payPeriodOf(payDate: string): string {
  return payPeriodFormat.format(new Date(`${payDate.slice(0, 10)}T00:00:00Z`));
}

export type PayDetailsProps = { payslip: Payslip; employerName?: string };

export function PayDetails({ payslip, employerName }: PayDetailsProps) {
  const headingId = useId();
  const taxCode = payslip.taxCode ? explainTaxCode(payslip.taxCode) : null;
  return (
    <section className="pay-card pay-lines" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-card__heading">
        Pay details
      </h2>
      {taxCode?.emergency ? (
        <Notice tone="info" title={`${taxCode.code} is an emergency tax code`}>
          {taxCode.advice}
        </Notice>
      ) : null}
      <dl className="pay-lines__list">
        {employerName ? (
          <div className="pay-lines__row">
            <dt>Employer</dt>
            <dd>{employerName}</dd>
          </div>
        ) : null}
        <div className="pay-lines__row">
          <dt>Pay period</dt>
          <dd>{payPeriodOf(payslip.payDate)}</dd>
        </div>
        {payslip.taxPeriod ? (
          <div className="pay-lines__row">
            <dt>Tax period</dt>
            <dd>Month {payslip.taxPeriod}</dd>
            <dd className="pay-lines__help">
              <WhatIsThis subject="Tax period">
                The month of the tax year this payslip belongs to. The tax year starts on 6 April, so month 1 is April and month 12 is March.
              </WhatIsThis>
            </dd>
          </div>
        ) : null}
        {taxCode ? (
          <div className="pay-lines__row">
            <dt>Tax code</dt>
            <dd>{taxCode.code}</dd>
            <dd className="pay-lines__help">
              <WhatIsThis subject="Tax code">{[taxCode.summary, ...taxCode.details].join(' ')}</WhatIsThis>
            </dd>
          </div>
        ) : null}
        {payslip.niCategory ? (
          <div className="pay-lines__row">
            <dt>National Insurance category</dt>
            <dd>{payslip.niCategory}</dd>
            <dd className="pay-lines__help">
              <WhatIsThis subject="National Insurance category">{niCategoryHelp(payslip.niCategory)}</WhatIsThis>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
