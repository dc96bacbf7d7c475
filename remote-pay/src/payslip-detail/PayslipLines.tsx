// A titled list of payslip lines (name and amount), as 'Deductions' and 'Other' show them, each
// with a 'What is this?' where the portal can say (beyond the spec).
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { PayslipLine } from '@portal/shared/api/types';
import { formatMoney } from '@portal/shared/format';
import { WhatIsThis } from '../payslip-explained/WhatIsThis';

export type PayslipLinesProps = {
  title: string;
  lines: readonly PayslipLine[];
  emptyText: string;
  /** What a line means, by its name; null for none. */
  help?: (name: string) => string | null;
  /** Something to do about a line (the detail page's 'Ask payroll about this'). */
  action?: (line: PayslipLine) => ReactNode;
};

export function PayslipLines({ title, lines, emptyText, help, action }: PayslipLinesProps) {
  const headingId = useId();
  return (
    <section className="pay-card pay-lines" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-card__heading">
        {title}
      </h2>
      {lines.length > 0 ? (
        <dl className="pay-lines__list">
          {lines.map((line, index) => (
            <div key={`${line.name}-${index}`} className="pay-lines__row">
              <dt>{line.name}</dt>
              <dd>{formatMoney(line.amount)}</dd>
              {help?.(line.name) ? (
                <dd className="pay-lines__help">
                  <WhatIsThis subject={line.name}>{help(line.name)!}</WhatIsThis>
                </dd>
              ) : null}
              {action ? <dd className="pay-lines__action">{action(line)}</dd> : null}
            </div>
          ))}
        </dl>
      ) : (
        <p className="pay-lines__empty">{emptyText}</p>
      )}
    </section>
  );
}
