// The Home card's payslip: the defaults until the payslips answer has status 200 and a non-empty
// list, then the first (newest) payslip. Failures and an empty list are logged; the defaults stay.
import { useEffect } from 'react';
import type { Payslip } from '@portal/shared/api/types';
import { usePayslips } from '../payslip-data/use-payslips';
import { DEFAULT_PAYSLIP } from '../payslip-data/payslip-defaults';

export type LatestPayslip = {
  payslip: Payslip;
  /** Whether `payslip` is real data rather than the defaults. */
  hasData: boolean;
  /** The last failure (not a cancellation), for a plain message. */
  error: unknown;
  /** Asks for the payslips again. */
  retry: () => void;
};

export function useLatestPayslip(): LatestPayslip {
  const { data: payslips, error, refetch } = usePayslips();
  const retry = () => void refetch();
  const latest = payslips?.[0];

  const isEmpty = payslips !== undefined && payslips.length === 0;
  useEffect(() => {
    if (isEmpty) console.warn('The payslips list is empty: the Home card keeps its defaults.');
  }, [isEmpty]);

  return latest ? { payslip: latest, hasData: true, error, retry } : { payslip: DEFAULT_PAYSLIP, hasData: false, error, retry };
}
