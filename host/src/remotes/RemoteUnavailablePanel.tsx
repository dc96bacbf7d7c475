import { SectionUnavailable } from '@portal/shared/ui/SectionUnavailable';
import { REMOTE_FAILURE_TEXT } from './remote-failure';
import type { RemoteFailureReason } from './remote-failure';

/** The "section unavailable" panel, saying why when retrying will not help. */
export function RemoteUnavailablePanel({ reason, onRetry }: { reason: RemoteFailureReason; onRetry: () => void }) {
  return (
    <SectionUnavailable onRetry={onRetry}>
      {reason === 'unavailable' ? null : <p className="ui-unavailable__text">{REMOTE_FAILURE_TEXT[reason]}</p>}
    </SectionUnavailable>
  );
}
