import { Notice } from '@portal/shared/ui/Notice';

/** Shown above the page when the signed-in user could not be loaded, with a way to try again. */
export function AccountLoadError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  if (!message) return null;
  return (
    <Notice tone="error" title="We could not load your account">
      {message}{' '}
      <button type="button" className="ui-link-button" onClick={onRetry}>
        Try again
      </button>
    </Notice>
  );
}
