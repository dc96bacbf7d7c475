// 'Pay details' on a payslip (beyond the spec): employer, pay period, tax period with its dates (a
// week, fortnight or four-week period for pay that is not monthly),
// tax code and NI category, each with what it means, and HMRC's tax code checker beside the code;
// HMRC's emergency code is flagged with what to do. A code or letter the portal cannot read is
// shown as published, with a plain note in place of an explanation.
import { useId } from 'react';
import type { Payslip } from '@portal/shared/api/types';
import { niCategoryHelp } from '@portal/shared/pay-insights/line-help';
import { pageWords } from '@portal/shared/pay-insights/page-words';
import { explainTaxCode, TAX_CODE_CHECKER_URL } from '@portal/shared/pay-insights/tax-code';
import { payPeriodWords, taxPeriodDetail, taxPeriodExplanation, taxPeriodName } from '@portal/shared/pay-insights/tax-period';
import { Notice } from '@portal/shared/ui/Notice';
import { WhatIsThis } from './WhatIsThis';
import { explainedTexts } from './messages';

const t = explainedTexts.t;

export type PayDetailsProps = { payslip: Payslip; employerName?: string };

export function PayDetails({ payslip, employerName }: PayDetailsProps) {
  const headingId = useId();
  const taxCode = typeof payslip.taxCode === 'string' && payslip.taxCode.trim() ? explainTaxCode(payslip.taxCode, pageWords) : null;
  const taxPeriodDates = payslip.taxPeriod ? taxPeriodDetail(payslip.payFrequency, payslip.payDate, payslip.taxPeriod, pageWords) : null;
  const niHelp = payslip.niCategory ? niCategoryHelp(payslip.niCategory, pageWords) : null;
  return (
    <section className="pay-card pay-lines" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-card__heading">
        {t('payDetails')}
      </h2>
      {taxCode?.emergency ? (
        <Notice tone="info" title={t('emergency', { code: taxCode.code })}>
          {taxCode.advice}
        </Notice>
      ) : null}
      <dl className="pay-lines__list">
        {employerName ? (
          <div className="pay-lines__row">
            <dt>{t('employer')}</dt>
            <dd>{employerName}</dd>
          </div>
        ) : null}
        <div className="pay-lines__row">
          <dt>{t('payPeriod')}</dt>
          <dd>{payPeriodWords(payslip.payFrequency, payslip.payDate, pageWords)}</dd>
        </div>
        {payslip.taxPeriod ? (
          <div className="pay-lines__row">
            <dt>{t('taxPeriod')}</dt>
            <dd>
              {taxPeriodName(payslip.payFrequency, payslip.taxPeriod, pageWords)}
              {taxPeriodDates ? <span className="pay-lines__detail"> ({taxPeriodDates})</span> : null}
            </dd>
            <dd className="pay-lines__help">
              <WhatIsThis subject={t('taxPeriod')}>{taxPeriodExplanation(payslip.payFrequency, payslip.payDate, payslip.taxPeriod, pageWords)}</WhatIsThis>
            </dd>
          </div>
        ) : null}
        {taxCode ? (
          <div className="pay-lines__row">
            <dt>{t('taxCode')}</dt>
            <dd>{taxCode.code}</dd>
            {taxCode.recognised ? (
              <dd className="pay-lines__help">
                <WhatIsThis subject={t('taxCode')}>{[taxCode.summary, ...taxCode.details].join(' ')}</WhatIsThis>
              </dd>
            ) : (
              <dd className="pay-lines__help pay-lines__note">{taxCode.summary}</dd>
            )}
            <dd className="pay-lines__help">
              <a className="pay-lines__link" href={TAX_CODE_CHECKER_URL}>
                {t('checkTaxCode')}
              </a>
            </dd>
          </div>
        ) : null}
        {payslip.niCategory ? (
          <div className="pay-lines__row">
            <dt>{t('niCategory')}</dt>
            <dd>{payslip.niCategory}</dd>
            {niHelp === null ? (
              <dd className="pay-lines__help pay-lines__note">{pageWords.text('unreadableNiCategory')}</dd>
            ) : (
              <dd className="pay-lines__help">
                <WhatIsThis subject={t('niCategory')}>{niHelp}</WhatIsThis>
              </dd>
            )}
          </div>
        ) : null}
      </dl>
    </section>
  );
}
