// The queries a remote page may name as its first screen's data (its page list's `firstScreen`), by
// name: the host starts them at boot beside the page's own load, and the page's hooks take the same
// cache entries. Names, not code, so a page list stays plain data in the runtime config. Since contract 1.3.0.
import type { EmploymentScope } from '@portal/shared/api/client';
import type { FirstScreenQueryName } from '@portal/shared/pages';
import { payslipsQuery, recentUpdatesQuery } from '@portal/shared/react/pay-queries';
import type { PortalQuery } from '@portal/shared/react/portal-query';

export const FIRST_SCREEN_QUERIES: Readonly<Record<FirstScreenQueryName, PortalQuery<EmploymentScope, unknown>>> = {
  payslips: payslipsQuery,
  updates: recentUpdatesQuery,
};
