// The host's side of the contract, for a remote's screen tests: the state the host would have
// loaded, and stand-ins for its actions. Remotes never write the stores themselves (lint rule);
// their tests arrange them here.
import type { AuthorisedUser } from '@portal/shared/api/types';
import { useAccountStore } from '@portal/shared/stores/account';
import { registerHostActions } from '@portal/shared/stores/host-actions';
import type { HostActions } from '@portal/shared/stores/host-actions';
import { useSessionStore } from '@portal/shared/stores/session';
import type { SessionUserInfoInput } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import type { SignUpState } from '@portal/shared/stores/sign-up';

export type HostStateArrangement = {
  userId?: string;
  employmentId?: string | null;
  userInfo?: SessionUserInfoInput | null;
  authorisedUser?: AuthorisedUser | null;
  signUp?: Partial<SignUpState>;
  /** The employment the user (`userId`) chose in an earlier session, signed out since. */
  lastEmploymentChoice?: string;
};

/** Sets what is given, as the host would have (local storage included); leaves the rest. */
export function arrangeHostState({ userId, employmentId, userInfo, authorisedUser, signUp, lastEmploymentChoice }: HostStateArrangement): void {
  const session = useSessionStore.getState();
  if (userId !== undefined) session.setUserId(userId);
  if (lastEmploymentChoice !== undefined) {
    // Chosen then, forgotten at sign-out: only the last choice is left.
    session.setEmploymentId(lastEmploymentChoice);
    session.setEmploymentId(null);
  }
  if (employmentId !== undefined) session.setEmploymentId(employmentId);
  if (userInfo !== undefined) session.setUserInfo(userInfo);
  if (authorisedUser !== undefined) useAccountStore.getState().setAuthorisedUser(authorisedUser);
  if (signUp) useSignUpStore.setState(signUp);
}

/** Stands in for (some of) the host's actions, e.g. `actAsHost({ signOut: jest.fn() })`. */
export function actAsHost(actions: Partial<HostActions>): () => void {
  return registerHostActions(actions);
}
