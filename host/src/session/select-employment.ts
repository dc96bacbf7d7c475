// Spec section 4: the user picks an employment (or the host auto-selects the only one): it is
// stored, sign-up is marked complete and the user goes to /. One implementation, used by the
// host's auto-select and, as the `selectEmployment` host action, by the account picker remote.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@portal/shared/router';
import type { NavigateFunction } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { registerHostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { tokenSearch } from './token-param';

export async function completeSignUp(
  navigate: NavigateFunction,
  employmentId: string,
  { search, replace = false }: { search: string; replace?: boolean },
): Promise<void> {
  useSessionStore.getState().setEmploymentId(employmentId);
  // Navigate first: the host swaps its route table when isSignedUp flips, and '/' is then Home.
  await navigate({ pathname: paths.home.path, search: tokenSearch(search) }, { replace });
  useSignUpStore.getState().setSignedUp(true);
}

/** Registers the `selectEmployment` host action for the pages under the calling layout. */
export function useSelectEmploymentAction(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  useLayoutEffect(() => {
    locationRef.current = location;
  });
  useEffect(
    () => registerHostActions({ selectEmployment: (employmentId) => completeSignUp(navigate, employmentId, { search: locationRef.current.search }) }),
    [navigate],
  );
}
