// The figures of one payslip, as the Home card and the detail card show them: net pay with the
// ring chart, then pay date, gross pay and total deductions.
import type { Payslip } from '@portal/shared/api/types';
import { NO_PAYSLIP_DATA_TEXT } from '@portal/shared/constants';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import { RingChart } from '../ring-chart/RingChart';
import { summaryTexts } from './messages';
import './payslip-summary.css';

export type PayslipSummaryProps = {
  payslip: Payslip;
  /** Draw the ring chart (only once real data has arrived: spec section 4). */
  showChart: boolean;
};

/** An employment with no payslip yet shows the spec's placeholder in place of its pay date, in the page's language. */
export function PayslipSummary({ payslip, showChart }: PayslipSummaryProps) {
  return (
    <div className="pay-summary">
      <div className="pay-summary__net">
        <dl className="pay-summary__net-figure">
          <div>
            <dt className="pay-summary__label">{summaryTexts.t('netPay')}</dt>
            <dd className="pay-summary__net-amount">{formatMoney(payslip.netPay)}</dd>
          </div>
        </dl>
        {showChart ? <RingChart netPay={payslip.netPay} grossPay={payslip.grossPay} totalDeductions={payslip.totalDeductions} /> : null}
      </div>
      <dl className="pay-summary__figures">
        <div className="pay-summary__row">
          <dt>{summaryTexts.t('payDate')}</dt>
          <dd>{payslip.payDate === NO_PAYSLIP_DATA_TEXT ? summaryTexts.t('noData') : formatLongDate(payslip.payDate)}</dd>
        </div>
        <div className="pay-summary__row">
          <dt>{summaryTexts.t('grossPay')}</dt>
          <dd>{formatMoney(payslip.grossPay)}</dd>
        </div>
        <div className="pay-summary__row">
          <dt>{summaryTexts.t('deductions')}</dt>
          <dd>{formatMoney(payslip.totalDeductions)}</dd>
        </div>
      </dl>
    </div>
  );
}
