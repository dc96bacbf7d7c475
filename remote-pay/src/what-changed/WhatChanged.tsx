// 'What changed': how a payslip's net pay differs from an earlier one (the payslip before
// it on the detail page, the one chosen on the compare page), line by line, largest effect first,
// with the reason in plain words. The comparison itself is the pure
// `comparePayslips` of @portal/shared; this only shows it.
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { Payslip } from '@portal/shared/api/types';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import { comparableFromPayslip } from '@portal/shared/pay-insights/from-payslip';
import { pageWords } from '@portal/shared/pay-insights/page-words';
import { comparePayslips } from '@portal/shared/pay-insights/what-changed';
import { whatChangedTexts } from './messages';
import './what-changed.css';

const t = whatChangedTexts.t;

export type WhatChangedProps = {
  payslip: Payslip;
  previous?: Payslip;
  /** Something to do about the change in net pay, given it in pence (the detail page's 'Ask payroll about this'). */
  action?: (netChangePence: number) => ReactNode;
};

const pounds = (pence: number) => formatMoney(Math.abs(pence) / 100);

function netSentence(netChangePence: number, previousDate: string): string {
  const date = formatLongDate(previousDate);
  if (netChangePence === 0) return t('same', { date });
  return t(netChangePence > 0 ? 'more' : 'less', { amount: pounds(netChangePence), date });
}

export function WhatChanged({ payslip, previous, action }: WhatChangedProps) {
  const headingId = useId();
  if (!previous) return null;
  const { netChangePence, changes, notes } = comparePayslips(comparableFromPayslip(previous), comparableFromPayslip(payslip), pageWords);
  return (
    <section className="pay-card pay-changes" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-card__heading">
        {t('heading')}
      </h2>
      <p className="pay-changes__summary">{netSentence(netChangePence, previous.payDate)}</p>
      {notes.length > 0 ? (
        <ul className="pay-changes__notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {changes.length > 0 ? (
        <ul className="pay-changes__list" aria-label={t('changes')}>
          {changes.map((change) => (
            <li key={`${change.kind}-${change.line}`} className="pay-changes__item">
              <span className="pay-changes__line">{change.line}</span>
              <span className={`pay-changes__effect pay-changes__effect--${change.effectOnNetPence >= 0 ? 'up' : 'down'}`}>
                {t(change.effectOnNetPence >= 0 ? 'moreInPay' : 'lessInPay', { amount: pounds(change.effectOnNetPence) })}
              </span>
              <span className="pay-changes__reason">{change.reason}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="pay-changes__none">{t('none')}</p>
      )}
      {action ? action(netChangePence) : null}
    </section>
  );
}
