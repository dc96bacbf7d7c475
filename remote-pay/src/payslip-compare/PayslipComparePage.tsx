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
import { compareRows, olderFirst } from './compare-rows';
import '../lib/pay.css';
import '../lib/wide-page.css';
import './payslip-compare.css';

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
      <BackLink to={paths.payslips.getHref()}>Back</BackLink>
      <PageHeading>Compare payslips</PageHeading>
      {showError ? <LoadErrorNotice title="Your payslips could not be loaded" error={error} onRetry={() => void refetch()} onDismiss={dismissError} /> : null}
      {isLoading ? <Spinner label="Loading payslips…" /> : null}
      {payslips && list.length < 2 ? <p>You need two payslips to compare; this employer has published {list.length === 0 ? 'none' : 'one'} yet.</p> : null}
      {first && second ? (
        <>
          <div className="pay-compare__pickers">
            <SelectField label="First payslip" value={first.ID} options={options} onChange={(id) => choose('first', id)} />
            <SelectField label="Second payslip" value={second.ID} options={options} onChange={(id) => choose('second', id)} />
          </div>
          {first.ID === second.ID ? (
            <p role="status">Choose two different payslips to see what differs.</p>
          ) : (
            <>
              <ResponsiveTable
                caption={`Payslips of ${formatLongDate(first.payDate)} and ${formatLongDate(second.payDate)} side by side`}
                columns={[
                  { label: '' },
                  { label: formatLongDate(first.payDate), money: true },
                  { label: formatLongDate(second.payDate), money: true },
                  { label: 'Difference', money: true },
                ]}
                className="pay-compare__table"
              >
                {compareRows(first, second).map((row) => (
                  <ResponsiveRow key={row.label} className={row.label === 'Net pay' ? 'pay-compare__total' : undefined}>
                    <ResponsiveCell rowHeader>{row.label}</ResponsiveCell>
                    <ResponsiveCell label={formatLongDate(first.payDate)} money>
                      {formatMoney(row.first)}
                    </ResponsiveCell>
                    <ResponsiveCell label={formatLongDate(second.payDate)} money>
                      {formatMoney(row.second)}
                    </ResponsiveCell>
                    <ResponsiveCell label="Difference" money>
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
