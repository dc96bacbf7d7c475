import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { sharedTexts } from '@portal/shared/messages';

export type NoticeTone = 'error' | 'success' | 'info';

export type NoticeProps = {
  title: string;
  children?: ReactNode;
  tone?: NoticeTone;
  /**
   * Called when the user dismisses the notice; the parent then removes it. Without it the notice
   * hides itself.
   */
  onDismiss?: () => void;
  className?: string;
};

/** A dismissible message. Errors are announced at once (role alert), others politely (role status). */
export function Notice({ title, children, tone = 'info', onDismiss, className }: NoticeProps) {
  const [dismissed, setDismissed] = useState(false);
  const titleId = useId();
  if (dismissed) return null;

  const dismiss = () => {
    if (onDismiss) onDismiss();
    else setDismissed(true);
  };

  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      aria-labelledby={titleId}
      className={['ui-notice', `ui-notice--${tone}`, className].filter(Boolean).join(' ')}
    >
      <div className="ui-notice__body">
        <p id={titleId} className="ui-notice__title">
          {title}
        </p>
        {children !== undefined && children !== null && children !== false ? <div className="ui-notice__text">{children}</div> : null}
      </div>
      <button type="button" className="ui-notice__dismiss" aria-label={sharedTexts.t('dismiss')} onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
