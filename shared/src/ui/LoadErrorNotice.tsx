import { getApiErrorMessage } from '@portal/shared/api/client';
import { Notice } from '@portal/shared/ui/Notice';
import { sharedTexts } from '@portal/shared/messages';

export type LoadErrorNoticeProps = {
  /** What could not be loaded, e.g. 'Your payslips could not be loaded'. */
  title: string;
  /** The failure: its message for the user comes from the one mapping (api/user-message.ts). */
  error: unknown;
  /** Asks again (every load error has 'Try again'). */
  onRetry: () => void;
  onDismiss?: () => void;
};

/** A load error: what failed, the mapped message for the user, and 'Try again'. */
export function LoadErrorNotice({ title, error, onRetry, onDismiss }: LoadErrorNoticeProps) {
  return (
    <Notice tone="error" title={title} onDismiss={onDismiss}>
      <p className="ui-notice__message">{getApiErrorMessage(error)}</p>
      <button type="button" className="ui-button" onClick={onRetry}>
        {sharedTexts.t('tryAgain')}
      </button>
    </Notice>
  );
}
