// Previous (older) and next (newer) payslip, each labelled with its pay date. At either end of the
// list the missing one is left out. They move to another page, so they are links that look like buttons.
import { Link } from '@portal/shared/router';
import type { Payslip } from '@portal/shared/api/types';
import { formatLongDate } from '@portal/shared/format';
import { paths } from '@portal/shared/paths';
import { payslipTexts } from './messages';

export type PayslipNeighboursProps = { previous?: Payslip; next?: Payslip };

export function PayslipNeighbours({ previous, next }: PayslipNeighboursProps) {
  if (!previous && !next) return null;
  return (
    <nav className="pay-neighbours" aria-label={payslipTexts.t('otherPayslips')}>
      {previous ? (
        <Link to={paths.payslipDetail.getHref(previous.ID)} className="ui-button pay-neighbours__link pay-neighbours__link--previous">
          <span className="pay-neighbours__direction">
            <span aria-hidden="true">‹ </span>
            {payslipTexts.t('previous')}
          </span>{' '}
          <span className="pay-neighbours__date">{formatLongDate(previous.payDate)}</span>
        </Link>
      ) : null}
      {next ? (
        <Link to={paths.payslipDetail.getHref(next.ID)} className="ui-button pay-neighbours__link pay-neighbours__link--next">
          <span className="pay-neighbours__direction">
            {payslipTexts.t('next')}
            <span aria-hidden="true"> ›</span>
          </span>{' '}
          <span className="pay-neighbours__date">{formatLongDate(next.payDate)}</span>
        </Link>
      ) : null}
    </nav>
  );
}
