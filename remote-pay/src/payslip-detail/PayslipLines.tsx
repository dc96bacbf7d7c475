// A titled list of payslip lines (name and amount), as 'Deductions' and 'Other' show them.
import { useId } from 'react';
import type { PayslipLine } from '@portal/shared/api/types';
import { formatMoney } from '@portal/shared/format';

export type PayslipLinesProps = { title: string; lines: readonly PayslipLine[]; emptyText: string };

export function PayslipLines({ title, lines, emptyText }: PayslipLinesProps) {
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
            </div>
          ))}
        </dl>
      ) : (
        <p className="pay-lines__empty">{emptyText}</p>
      )}
    </section>
  );
}
