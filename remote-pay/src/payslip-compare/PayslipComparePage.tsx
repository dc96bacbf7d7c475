// Compare payslips (/payslips/compare, beyond the spec): two payslips of the employment
// side by side, chosen on the page (newest and the one before it unless the address names others),
// with the difference of each line and what changed between them.
import { useSearchParams } from '@portal/shared/router';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import { paths } from '@portal/shared/paths';
import { BackLink } from '@portal/shared/ui/BackLink';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '@portal/shared/ui/ResponsiveTable';
import { SelectField } from '@portal/shared/ui/SelectField';
import { Spinner } from '@portal/shared/ui/Spinner';
import { useDismissibleError } from '../lib/use-dismissible-error';
import { usePayslips } from '../payslip-data/use-payslips';
import { WhatChanged } from '../what-changed/WhatChanged';
import { payTexts } from '../lib/messages';
import { summaryTexts } from '../payslip-summary/messages';
import { compareRows, olderFirst, type CompareRow } from './compare-rows';
import { compareTexts } from './messages';
import '../lib/pay.css';
import '../lib/wide-page.css';
import './payslip-compare.css';

const t = compareTexts.t;

/** A row's label in the page's language: the payslip-wide figures by their words, a deduction by its name as published. */
function rowLabel(row: CompareRow): string {
  if (row.kind === 'gross') return summaryTexts.t('grossPay');
  if (row.kind === 'totalDeductions') return summaryTexts.t('deductions');
  if (row.kind === 'net') return summaryTexts.t('netPay');
  return row.label;
}

function signedMoney(pounds: number): string {
  if (pounds === 0) return formatMoney(0);
  return `${pounds > 0 ? '+' : '−'}${formatMoney(Math.abs(pounds))}`;
}

export default function PayslipComparePage() {
  const { data: payslips, error, isLoading, refetch } = usePayslips();
  const { showError, dismissError } = useDismissibleError(error);
  const [search, setSearch] = useSearchParams();
  const list = payslips ?? [];
  const find = (id: string | null) => list.find((payslip) => payslip.ID === id);
  const first = find(search.get('first')) ?? list[1];
  const second = find(search.get('second')) ?? list[0];

  const options = list.map((payslip) => ({ value: payslip.ID, label: formatLongDate(payslip.payDate) }));
  const choose = (which: 'first' | 'second', id: string) => {
    const next = new URLSearchParams(search);
    next.set('first', which === 'first' ? id : (first?.ID ?? ''));
    next.set('second', which === 'second' ? id : (second?.ID ?? ''));
    setSearch(next, { replace: true });
  };

  return (
    <div className="pay-page pay-page--wide pay-compare">
      <BackLink to={paths.payslips.getHref()}>{t('back')}</BackLink>
      <PageHeading>{t('heading')}</PageHeading>
      {showError ? <LoadErrorNotice title={payTexts.t('payslipsLoadFailed')} error={error} onRetry={() => void refetch()} onDismiss={dismissError} /> : null}
      {isLoading ? <Spinner label={payTexts.t('loadingPayslips')} /> : null}
      {payslips && list.length < 2 ? <p>{t('notEnough', { count: list.length })}</p> : null}
      {first && second ? (
        <>
          <div className="pay-compare__pickers">
            <SelectField label={t('first')} value={first.ID} options={options} onChange={(id) => choose('first', id)} />
            <SelectField label={t('second')} value={second.ID} options={options} onChange={(id) => choose('second', id)} />
          </div>
          {first.ID === second.ID ? (
            <p role="status">{t('same')}</p>
          ) : (
            <>
              <ResponsiveTable
                caption={t('caption', { first: formatLongDate(first.payDate), second: formatLongDate(second.payDate) })}
                columns={[
                  { label: '' },
                  { label: formatLongDate(first.payDate), money: true },
                  { label: formatLongDate(second.payDate), money: true },
                  { label: t('difference'), money: true },
                ]}
                className="pay-compare__table"
              >
                {compareRows(first, second).map((row) => (
                  <ResponsiveRow key={row.label} className={row.kind === 'net' ? 'pay-compare__total' : undefined}>
                    <ResponsiveCell rowHeader>{rowLabel(row)}</ResponsiveCell>
                    <ResponsiveCell label={formatLongDate(first.payDate)} money>
                      {formatMoney(row.first)}
                    </ResponsiveCell>
                    <ResponsiveCell label={formatLongDate(second.payDate)} money>
                      {formatMoney(row.second)}
                    </ResponsiveCell>
                    <ResponsiveCell label={t('difference')} money>
                      {signedMoney(row.difference)}
                    </ResponsiveCell>
                  </ResponsiveRow>
                ))}
              </ResponsiveTable>
              <WhatChanged {...(([previous, payslip]) => ({ previous, payslip }))(olderFirst(first, second))} />
            </>
          )}
        </>
      ) : null}
    </div>
  );
}
