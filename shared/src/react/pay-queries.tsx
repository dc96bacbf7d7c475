// The pay queries as data: the key, fetcher and failure message the pages' hooks use (remote-pay) and
// the host's start of Home's data at boot uses, so both fill the same cache entry. Since
// contract 1.2.0.
import type { EmploymentScope } from '@portal/shared/api/client';
import { fetchPayslips, fetchRecentUpdates } from '@portal/shared/api/pay';
import type { Payslip, RecentUpdate } from '@portal/shared/api/types';
import type { PortalQuery } from '@portal/shared/react/portal-query';

/** The payslips of the chosen employment: Home, the payslips list and the detail share this one list. */
export const payslipsQuery: PortalQuery<EmploymentScope, Payslip[]> = {
  key: ['payslips'],
  fetch: fetchPayslips,
  errorMessage: 'Loading the payslips failed.',
};

/** The recent updates of the chosen employment (Home). */
export const recentUpdatesQuery: PortalQuery<EmploymentScope, RecentUpdate[]> = {
  key: ['updates'],
  fetch: fetchRecentUpdates,
  errorMessage: 'Loading the recent updates failed.',
};

/** What Home's first screen asks for: its Latest Payslip card and Recent Updates (its LCP element). */
export const homeQueries = [payslipsQuery, recentUpdatesQuery] as const;
