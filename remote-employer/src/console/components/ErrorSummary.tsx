// A form's errors, GOV.UK style: a summary at the top that takes focus when the form is refused, with
// a link to each field in error (the link moves focus to the field).
import { useEffect, useId, useRef } from 'react';

export type SummaryError = { fieldId: string; message: string };

/** `attempt` changes on each refused submit, so focus returns to the summary every time. */
export function ErrorSummary({ errors, attempt }: { errors: readonly SummaryError[]; attempt: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
    // Only a new attempt moves focus, not each keystroke that changes the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  if (errors.length === 0) return null;
  return (
    <div ref={ref} className="employer-error-summary" tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="employer-error-summary__title">
        There is a problem
      </h2>
      <ul className="employer-error-summary__list">
        {errors.map(({ fieldId, message }) => (
          <li key={fieldId}>
            <a
              href={`#${fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(fieldId)?.focus();
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
