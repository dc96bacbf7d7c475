// Account store: the authorised user (with employments). Filled by the host after sign-in; read by
// the shell, and by the remotes through @portal/shared/contract.
import { create } from 'zustand';
import type { AuthorisedUser, Employment } from '@portal/shared/api/types';

export type AccountState = {
  authorisedUser: AuthorisedUser | null;
};

export type AccountActions = {
  setAuthorisedUser: (user: AuthorisedUser | null) => void;
  clearAccount: () => void;
};

export type AccountStore = AccountState & AccountActions;

export const useAccountStore = create<AccountStore>()((set) => ({
  authorisedUser: null,
  setAuthorisedUser: (user) => set({ authorisedUser: user }),
  clearAccount: () => set({ authorisedUser: null }),
}));

const NO_EMPLOYMENTS: readonly Employment[] = Object.freeze([]);

/** All employments of the authorised user (a stable empty list when none). */
export function selectEmployments(state: AccountState): readonly Employment[] {
  return state.authorisedUser?.employments ?? NO_EMPLOYMENTS;
}

let lastEmployments: readonly Employment[] | null = null;
let lastActive: readonly Employment[] = NO_EMPLOYMENTS;

/**
 * Active employments of the authorised user. Memoised on the employments list, so it is safe as a
 * zustand selector (`useAccountStore(selectActiveEmployments)`) without re-rendering loops.
 */
export function selectActiveEmployments(state: AccountState): readonly Employment[] {
  const employments = selectEmployments(state);
  if (employments !== lastEmployments) {
    lastEmployments = employments;
    const active = employments.filter((employment) => employment.active);
    lastActive = active.length > 0 ? active : NO_EMPLOYMENTS;
  }
  return lastActive;
}

/** Whether the authorised user is known yet: until then, nothing that depends on the account is shown. */
export function selectAccountKnown(state: AccountState): boolean {
  return state.authorisedUser !== null;
}

/** Whether the authorised user has accepted the privacy policy. */
export function selectPrivacyPolicyAccepted(state: AccountState): boolean {
  return state.authorisedUser?.privacyPolicyAccepted ?? false;
}

/** The employment with this id, or undefined. */
export function findEmployment(employments: readonly Employment[], id: string | null | undefined): Employment | undefined {
  if (id === null || id === undefined) return undefined;
  return employments.find((employment) => employment.ID === id);
}
