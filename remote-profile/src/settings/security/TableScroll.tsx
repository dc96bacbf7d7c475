// A table too wide for a phone scrolls sideways inside its own box, not the page: the box can take
// focus so it scrolls by keyboard too, and is named by the table's caption.
import type { ReactNode } from 'react';

export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="profile-security__scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
