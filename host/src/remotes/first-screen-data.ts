// The data a signed-in visit's first screen asks for, started at boot beside the page's remote
// (start-first-page.ts): the queries its page list names (`firstScreen`), which are the page's own
// (@portal/shared/react/first-screen-queries), so the page takes these requests instead of asking again.
import { getSession } from '@portal/shared/contract';
import type { FirstScreenQueryName } from '@portal/shared/pages';
import { FIRST_SCREEN_QUERIES } from '@portal/shared/react/first-screen-queries';
import { prefetchEmploymentQueries } from '@portal/shared/react/portal-query';

/** Starts the named first-screen queries for the stored user and employment (none chosen, none asked). */
export function startFirstScreenData(names: readonly FirstScreenQueryName[] = []): void {
  if (names.length > 0)
    prefetchEmploymentQueries(
      names.map((name) => FIRST_SCREEN_QUERIES[name]),
      getSession(),
    );
}
