// The host–remote contract: the only surface a remote uses from the host (docs/architecture.md
// "Host–remote contract"). Reads are hooks and snapshots that cannot write; every change is a
// named action. The stores behind them are the host's: a lint rule keeps remotes off them.
// The contract's version is @portal/shared's package version; a remote built for another major
// is refused by the federation runtime and its pages show why (tools/rspack/shared-dependencies.mjs).
import { useShallow } from 'zustand/react/shallow';
import type { AuthorisedUser, Employment } from '@portal/shared/api/types';
import type { Language } from '@portal/shared/i18n';
import { selectActiveEmployments, selectEmployments, useAccountStore } from '@portal/shared/stores/account';
import { useHostActions } from '@portal/shared/stores/host-actions';
import { selectLastEmploymentChoice, useSessionStore } from '@portal/shared/stores/session';
import type { SessionUserInfo } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';

export type { SessionUserInfo } from '@portal/shared/stores/session';

/** Who is signed in and which employment is chosen. */
export type PortalSession = {
  /** The user id of API paths ('0' until the host has loaded the user). */
  readonly userId: string;
  /** The chosen employment, or null before one is picked. */
  readonly employmentId: string | null;
  /** The sign-in client's user info, or null. */
  readonly userInfo: SessionUserInfo | null;
};

/** Linking and confirm-information progress (spec section 4 "Linking flow", "Finalize"). */
export type SignUpProgress = {
  readonly isLinked: boolean;
  readonly hasInfo: boolean;
  readonly externalEmploymentID: string | null;
  /** The 6-digit code the link was made with. */
  readonly code: string | null;
};

// ---- Reads: hooks re-render on change; get* snapshots are for event handlers. ----

export function useUserId(): string {
  return useSessionStore((state) => state.userId);
}

export function useEmploymentId(): string | null {
  return useSessionStore((state) => state.employmentId);
}

/** The employment this user chose last on this device (kept across sign-out), or null. Since 1.1.0. */
export function useLastEmploymentChoice(): string | null {
  return useSessionStore(selectLastEmploymentChoice);
}

export function useUserInfo(): SessionUserInfo | null {
  return useSessionStore((state) => state.userInfo);
}

/** The authorised user, or null until the host has loaded it. */
export function useAuthorisedUser(): AuthorisedUser | null {
  return useAccountStore((state) => state.authorisedUser);
}

export function useEmployments(): readonly Employment[] {
  return useAccountStore(selectEmployments);
}

export function useActiveEmployments(): readonly Employment[] {
  return useAccountStore(selectActiveEmployments);
}

/** The user and chosen employment a request is for (what every query key starts with). */
export function useRequestScope(): { readonly userId: string; readonly employmentId: string | null } {
  return useSessionStore(useShallow(({ userId, employmentId }) => ({ userId, employmentId })));
}

export function useSignUpProgress(): SignUpProgress {
  return useSignUpStore(useShallow(({ isLinked, hasInfo, externalEmploymentID, code }) => ({ isLinked, hasInfo, externalEmploymentID, code })));
}

export function getSession(): PortalSession {
  const { userId, employmentId, userInfo } = useSessionStore.getState();
  return { userId, employmentId, userInfo };
}

export function getSignUpProgress(): SignUpProgress {
  const { isLinked, hasInfo, externalEmploymentID, code } = useSignUpStore.getState();
  return { isLinked, hasInfo, externalEmploymentID, code };
}

export function getAuthorisedUser(): AuthorisedUser | null {
  return useAccountStore.getState().authorisedUser;
}

// ---- Actions the host performs (it registers them; they navigate or use the sign-in client). ----

/**
 * Signs the user out: the server ends the session (a POST to /app/logout/), this device forgets it,
 * the landing page shows, or `path` when given: a page of the portal's own origin (the confirmation
 * that the account is closed; since 1.5.0).
 */
export function signOut(path?: string): void {
  useHostActions.getState().signOut(path);
}

/** Loads the authorised user again (after linking, accepting the policy, changing the email). */
export function reloadAuthorisedUser(): Promise<void> {
  return useHostActions.getState().reloadAuthorisedUser();
}

/**
 * The user picked this employment (spec section 4): it is stored, sign-up is marked complete and
 * Home shows. Requests for the previous employment are cancelled.
 */
export function selectEmployment(employmentId: string): Promise<void> {
  return useHostActions.getState().selectEmployment(employmentId);
}

/**
 * The person chose this language (Settings): it is kept on this device and on their account, and the
 * page loads again in it, as the switch in the header does. Since 1.8.0.
 */
export function switchLanguage(language: Language): Promise<void> {
  return useHostActions.getState().switchLanguage(language);
}

// ---- Progress the remotes record. Each is one named change of the host's state. ----

/** A linking code was confirmed: the record is linked and its information not yet confirmed. */
export function recordLink(link: { externalEmploymentID: string; code: string }): void {
  const signUp = useSignUpStore.getState();
  signUp.setLinked(link);
  // A new link has no confirmed information yet (also when adding a second employer).
  signUp.setHasInfo(false);
}

/** The link failed or expired: back to not linked (isLinked false, externalEmploymentID and code cleared). */
export function forgetLink(): void {
  useSignUpStore.getState().resetLink();
}

/** Finalize succeeded: the user's information is confirmed. */
export function markInformationConfirmed(): void {
  useSignUpStore.getState().setHasInfo(true);
}

/** The privacy policy was accepted: the blocking panel closes before the host reloads the user. */
export function markPrivacyPolicyAccepted(): void {
  const { authorisedUser, setAuthorisedUser } = useAccountStore.getState();
  if (authorisedUser) setAuthorisedUser({ ...authorisedUser, privacyPolicyAccepted: true });
}

/** The user changed their details: the session's user info shows them at once (`sub` never changes). */
export function updateUserInfo(changes: Partial<Omit<SessionUserInfo, 'sub'>>): void {
  const { userInfo, setUserInfo } = useSessionStore.getState();
  if (!userInfo) return;
  setUserInfo({ ...userInfo, ...changes, sub: userInfo.sub });
}
