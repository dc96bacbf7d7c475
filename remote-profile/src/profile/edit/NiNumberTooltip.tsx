// The National Insurance tooltip (spec section 5) as a toggletip: a button shows or hides the text,
// Escape hides it, and the text always describes the box for screen readers.
import { useState } from 'react';

export const NI_NUMBER_TOOLTIP = 'Find your National Insurance number on a previous payslip or P60.';

export function NiNumberTooltip({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="profile-tooltip" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="profile-tooltip__button ui-focus-ring"
        aria-label="Where to find your National Insurance number"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">?</span>
      </button>
      <span id={id} className="profile-tooltip__text" hidden={!open}>
        {NI_NUMBER_TOOLTIP}
      </span>
    </span>
  );
}
