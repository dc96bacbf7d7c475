// Spec section 4 "After loading the authenticated user", as one pure decision.
import type { AuthorisedUser } from '@portal/shared/api/types';
import { paths } from '@portal/shared/paths';
import { matchRoutes } from '@portal/shared/router';
import type { RemoteRoute } from '../app/compose-pages';

export type AfterLoadDecision = { kind: 'go-to-setup' } | { kind: 'auto-select'; employmentId: string } | { kind: 'stay' };

/** Routes of the sign-up-incomplete table that are pages in their own right, not the picker. */
const OWN_PAGES: readonly string[] = [
  paths.setup.path,
  paths.setupLink.path,
  paths.setupConfirm.path,
  paths.setupNotifications.path,
  paths.support.path,
  paths.faqs.path,
  paths.contactDetails.path,
];

/** Whether this path, in the sign-up-incomplete state, shows the account picker. */
export function showsAccountPicker(pathname: string): boolean {
  return !OWN_PAGES.includes(pathname);
}

/**
 * Whether a remote page other than the picker (the page that serves every other path, '*') serves
 * `pathname` among `routes`: the employer console, say, whose admin may be no employee anywhere.
 */
export function servedByOwnRemotePage(pathname: string, routes: readonly RemoteRoute[]): boolean {
  const pickerId = routes.find(({ path }) => path === '*')?.pageId;
  const own = routes.filter(({ path, pageId }) => path !== '*' && pageId !== null && pageId !== pickerId);
  return (matchRoutes(own, pathname)?.length ?? 0) > 0;
}

/**
 * `remotePage`: a remote page other than the picker serves the path (the employer console, whose
 * admin may be no employee anywhere).
 */
export function decideAfterLoad(user: AuthorisedUser, pathname: string, remotePage = false): AfterLoadDecision {
  // A page of its own (mid-way through linking, say) is never taken from under the user.
  if (remotePage || !showsAccountPicker(pathname)) return { kind: 'stay' };
  const [only, ...others] = user.employments;
  if (!only) return { kind: 'go-to-setup' };
  if (others.length === 0 && pathname !== paths.selectCompany.path && user.privacyPolicyAccepted) {
    return { kind: 'auto-select', employmentId: only.ID };
  }
  return { kind: 'stay' };
}
