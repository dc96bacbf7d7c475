// A message sent along with the navigation to the account picker (e.g. a failed identity check),
// shown while the privacy policy is still to be accepted. The policy panel would cover it, so the
// message comes first, in a modal of its own: title, text, its next step and 'Close'. Once closed,
// the policy panel appears as usual.
import { useId, useRef } from 'react';
import type { FlashNotice } from '@portal/shared/flash-notice';
import { FlashNoticeText } from '@portal/shared/ui/FlashNoticeText';
import { useFocusTrap } from '../privacy-policy/use-focus-trap';
import { pickerTexts } from './messages';
import '../privacy-policy/privacy-policy.css';

export function FlashNoticeDialog({ notice, onClose }: { notice: FlashNotice; onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusTrap(dialogRef, titleRef);
  const titleId = useId();
  const textId = useId();

  return (
    <div className="onb-modal">
      <div className="onb-modal__backdrop" aria-hidden="true" />
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="onb-modal__dialog onb-modal__dialog--notice"
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <h2 ref={titleRef} id={titleId} tabIndex={-1} className="onb-modal__title">
          {notice.title}
        </h2>
        <div id={textId} className="onb-modal__intro">
          <FlashNoticeText notice={notice} />
        </div>
        <div className="onb-modal__actions">
          <button type="button" className="ui-button ui-button--primary" onClick={onClose}>
            {pickerTexts.t('close')}
          </button>
        </div>
      </div>
    </div>
  );
}
