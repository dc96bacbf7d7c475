import { useId } from 'react';
import type { ReactNode } from 'react';

export const SECTION_UNAVAILABLE_HEADING = 'This section is unavailable';
export const SECTION_UNAVAILABLE_TEXT = 'We could not load this part of the portal. Check your connection and try again.';

export type SectionUnavailableProps = {
  onRetry: () => void;
  /** Heading level: 1 when the panel stands in for a whole page (default), 2 inside a page. */
  headingLevel?: 1 | 2;
  /** Extra detail below the standard text. */
  children?: ReactNode;
  className?: string;
};

/** Shown in place of a remote that could not be loaded; the rest of the portal keeps working. */
export function SectionUnavailable({ onRetry, headingLevel = 1, children, className }: SectionUnavailableProps) {
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby={headingId} className={['ui-unavailable', className].filter(Boolean).join(' ')}>
      <div role="alert">
        <Heading id={headingId} className="ui-unavailable__heading">
          {SECTION_UNAVAILABLE_HEADING}
        </Heading>
        <p className="ui-unavailable__text">{SECTION_UNAVAILABLE_TEXT}</p>
        {children}
      </div>
      <button type="button" className="ui-button ui-button--primary" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
