// Search on the payslips list (spec section 2): a payslip matches when the text typed appears in
// its pay date or its net pay, as shown ('31 October 2026', '£1,234.56') or as people type them
// ('31/10/2026', '1,234.56', '1234.56'). Case and extra spaces do not matter.
import type { Payslip } from '@portal/shared/api/types';
import { formatLongDate, formatMoney, formatNumericDate } from '@portal/shared/format';

function normaliseText(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Money text without the pound sign, thousands commas or spaces: '£1,234.56' -> '1234.56'. */
function normaliseMoney(text: string): string {
  return text.replace(/[£,\s]/g, '');
}

const MONEY_QUERY = /^[£\d,.\s]+$/;

export function payslipMatches(payslip: Payslip, query: string): boolean {
  const wanted = normaliseText(query);
  if (wanted === '') return true;

  const dates = [formatLongDate(payslip.payDate), formatNumericDate(payslip.payDate)].map(normaliseText);
  if (dates.some((date) => date.includes(wanted))) return true;

  const shownMoney = formatMoney(payslip.netPay).toLowerCase();
  if (shownMoney.includes(wanted)) return true;
  return MONEY_QUERY.test(wanted) && normaliseMoney(shownMoney).includes(normaliseMoney(wanted));
}

export function filterPayslips(payslips: readonly Payslip[], query: string): Payslip[] {
  return payslips.filter((payslip) => payslipMatches(payslip, query));
}
