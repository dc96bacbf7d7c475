import { useLocation, useNavigate } from '@portal/shared/router';
import { readFlashNotice } from '@portal/shared/flash-notice';
import { FlashNoticeText } from '@portal/shared/ui/FlashNoticeText';
import { Notice } from '@portal/shared/ui/Notice';

/**
 * Shows a notice a remote sent along with a navigation (e.g. a failed confirmation that returned
 * the user Home), so no page has to know about another's errors. Dismissing it clears it from
 * the history entry, so Back does not bring it again.
 */
export function FlashNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = readFlashNotice(location.state);
  if (!notice) return null;
  return (
    <Notice
      tone="error"
      title={notice.title}
      onDismiss={() => void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null })}
    >
      <FlashNoticeText notice={notice} />
    </Notice>
  );
}
