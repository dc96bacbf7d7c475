// Home's added line for an employment that has ended: when the person left, and until when its
// payslips stay here (its end date plus the employer's retention period: `retainedUntil`; past it,
// the employment is no longer listed). Home's first load is on a byte budget: kept short.
import type { Employment } from '@portal/shared/api/types';
import { formatLongDate } from '@portal/shared/format';
import { homeTexts } from './messages';

/** 'You left Northwind Logistics Ltd on 31 March 2026. Your payslips stay here until 31 March 2032.', or null for one not ended. */
export function leaverNote(e?: Employment): string | null {
  return e?.endDate && e.retainedUntil
    ? homeTexts.t('leaver', { employer: e.name, left: formatLongDate(e.endDate), until: formatLongDate(e.retainedUntil) })
    : null;
}
