// A failed console call: the second-step panel when the API asks for it, else what failed, in words, and 'Try again'.
import { Notice } from '@portal/shared/ui/Notice';
import { consoleErrorCode, consoleErrorMessage } from '../api';
import { SecondStepPanel } from './SecondStepPanel';

export function ConsoleError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  if (consoleErrorCode(error) === 'console.second_step_required') return <SecondStepPanel />;
  return (
    <Notice tone="error" title={title}>
      <p className="ui-notice__message">{consoleErrorMessage(error)}</p>
      {onRetry ? (
        <button type="button" className="ui-button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </Notice>
  );
}
