// A form's errors, GOV.UK style: a summary at the top that takes focus when the form is refused, with
// a link to each field in error (the link moves focus to the field). `headingLevel` keeps the page's
// outline: a form inside a section under an h2 has its summary titled h3.
import { useEffect, useId, useRef } from 'react';
import { formPartsTexts } from '@portal/shared/ui/form-parts-texts';
import './error-summary.css';

export type SummaryError = { fieldId: string; message: string };

/** `attempt` changes on each refused submit, so focus returns to the summary every time. */
export function ErrorSummary({ errors, attempt, headingLevel = 2 }: { errors: readonly SummaryError[]; attempt: number; headingLevel?: 2 | 3 }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
    // Only a new attempt moves focus, not each keystroke that changes the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  if (errors.length === 0) return null;
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div ref={ref} className="ui-error-summary" tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <Title id={titleId} className="ui-error-summary__title">
        {formPartsTexts.t('thereIsAProblem')}
      </Title>
      <ul className="ui-error-summary__list">
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
