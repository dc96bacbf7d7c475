import { Link } from '@portal/shared/router';
import type { FlashNotice } from '@portal/shared/flash-notice';

/** The body of a notice carried to the next screen: its text, then its next step as a link. */
export function FlashNoticeText({ notice }: { notice: FlashNotice }) {
  return (
    <>
      <p>{notice.text}</p>
      {notice.action && (
        <p>
          <Link to={notice.action.to} className="ui-notice__action">
            {notice.action.label}
          </Link>
        </p>
      )}
    </>
  );
}
