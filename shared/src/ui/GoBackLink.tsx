import { Link } from '@portal/shared/router';
import type { ReactNode } from 'react';

export type GoBackLinkProps = {
  to: string;
  /** Link text; 'Go back' unless given (e.g. 'Back' on the payslip detail). */
  children?: ReactNode;
  className?: string;
};

/** A link back to the previous screen of a flow. */
export function GoBackLink({ to, children = 'Go back', className }: GoBackLinkProps) {
  return (
    <Link to={to} className={['ui-back-link', className].filter(Boolean).join(' ')}>
      <span className="ui-back-link__arrow" aria-hidden="true">
        ‹
      </span>
      {children}
    </Link>
  );
}
