import { Link } from '@portal/shared/router';
import type { ReactNode } from 'react';

type Common = {
  /** Link text: the spec's words for the screen, 'Go back' unless given (e.g. 'Back' on the payslip detail). */
  children?: ReactNode;
  className?: string;
};

/** To a route (a link), or a step back inside a screen (a button, e.g. a profile edit screen). */
export type BackLinkProps = Common & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

/** The one back link of the portal: every screen's way back looks the same. */
export function BackLink({ to, onClick, children = 'Go back', className }: BackLinkProps) {
  const classes = ['ui-back-link', className].filter(Boolean).join(' ');
  const content = (
    <>
      <span className="ui-back-link__arrow" aria-hidden="true">
        ‹
      </span>
      {children}
    </>
  );
  if (to === undefined) {
    return (
      <button type="button" className={classes} onClick={onClick}>
        {content}
      </button>
    );
  }
  return (
    <Link to={to} className={classes}>
      {content}
    </Link>
  );
}
