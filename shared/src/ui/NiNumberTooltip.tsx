// The National Insurance number tooltip (spec sections 2 and 5), shared by the onboarding confirm
// screen and the profile's NI edit. A toggletip: the button shows or hides the text, Escape hides
// it, and the text always describes the input (pass `id` to the input's aria-describedby).
import { useState } from 'react';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import './ni-number-tooltip.css';

/** The spec's words (section 2), in English; the tooltip shows them in the page's language. */
export const NI_NUMBER_TOOLTIP = 'Find your National Insurance number on a previous payslip or P60.';

export type NiNumberTooltipProps = {
  /** Id of the tooltip text; the input names it in aria-describedby. */
  id: string;
  className?: string;
};

export function NiNumberTooltip({ id, className }: NiNumberTooltipProps) {
  const [open, setOpen] = useState(false);
  return (
    <span
      className={['ui-tooltip', className].filter(Boolean).join(' ')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className="ui-tooltip__button ui-focus-ring"
        aria-label={formPartsTexts.t('niTooltipButton')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">?</span>
      </button>
      <span id={id} className="ui-tooltip__text" hidden={!open}>
        {formPartsTexts.t('niTooltip')}
      </span>
    </span>
  );
}
