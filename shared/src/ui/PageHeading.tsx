import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

export type PageHeadingProps = {
  children: ReactNode;
  /** Move focus to the heading when it mounts (default true), so screen readers announce the new page. */
  focusOnMount?: boolean;
  className?: string;
  id?: string;
};

/** The page's h1. It takes focus on mount (tabIndex -1: focusable by script, not in the tab order). */
export function PageHeading({ children, focusOnMount = true, className, id }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus({ preventScroll: false });
  }, [focusOnMount]);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className={['ui-page-heading', className].filter(Boolean).join(' ')}>
      {children}
    </h1>
  );
}
