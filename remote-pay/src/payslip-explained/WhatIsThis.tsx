// A 'What is this?' disclosure for one line of a payslip: a native <details>, so it opens with
// Enter or Space and needs no script. The line's name completes the summary's accessible name.
import { explainedTexts } from './messages';
import './payslip-explained.css';

export type WhatIsThisProps = { subject: string; children: string };

export function WhatIsThis({ subject, children }: WhatIsThisProps) {
  return (
    <details className="pay-help">
      <summary className="pay-help__summary">
        {explainedTexts.t('whatIsThis')}
        <span className="ui-visually-hidden"> {subject}</span>
      </summary>
      <p className="pay-help__text">{children}</p>
    </details>
  );
}
