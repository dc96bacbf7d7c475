import { sharedTexts } from '@portal/shared/messages';

export type SpinnerProps = {
  /** Announced text. Default 'Loading…' (in the page's language). */
  label?: string;
  className?: string;
};

/** A loading indicator announced politely to screen readers. */
export function Spinner({ label = sharedTexts.t('loading'), className }: SpinnerProps) {
  return (
    <div role="status" className={['ui-spinner', className].filter(Boolean).join(' ')}>
      <span className="ui-spinner__circle" aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </div>
  );
}
