// The payslip shown before data arrives (spec section 3): every number 0 and this pay date text.
import type { Payslip } from '@portal/shared/api/types';
import { NO_PAYSLIP_DATA_TEXT } from '@portal/shared/constants';

export const DEFAULT_PAYSLIP: Readonly<Payslip> = Object.freeze({
  ID: '',
  payDate: NO_PAYSLIP_DATA_TEXT,
  netPay: 0,
  grossPay: 0,
  totalDeductions: 0,
  deductions: [],
  other: [],
  taxCode: null,
  niCategory: null,
  taxPeriod: null,
  earnings: [],
  taxablePay: null,
  yearToDate: null,
});
