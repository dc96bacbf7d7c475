// The four routing states of spec section 2.
export type RoutingState = 'fetching' | 'signedOut' | 'signUpIncomplete' | 'signedIn';

export function deriveRoutingState(session: {
  isLoggedIn: boolean;
  isFetchingUserInfo: boolean;
  hasUserInfo: boolean;
  hasUserInfoError: boolean;
  isSignedUp: boolean;
  /**
   * Offline, with a user who did not sign out on this browser: an access token that
   * expired meanwhile cannot be refreshed, but what they saw last is in their offline copy.
   */
  isReturningOffline?: boolean;
}): RoutingState {
  if (!session.isLoggedIn) return session.isReturningOffline ? offlineCopyState(session) : 'signedOut';
  if (session.isFetchingUserInfo || (!session.hasUserInfo && !session.hasUserInfoError)) return 'fetching';
  return session.isSignedUp ? 'signedIn' : 'signUpIncomplete';
}

/**
 * Signed in from the offline copy while the user info (kept by the service worker) loads; the
 * landing page when there is no copy of it. Back online the caller stops asking: the expired
 * session is signed out, and the landing page asks them to sign in again.
 */
function offlineCopyState(session: { isFetchingUserInfo: boolean; hasUserInfo: boolean; hasUserInfoError: boolean; isSignedUp: boolean }): RoutingState {
  if (session.hasUserInfo) return session.isSignedUp ? 'signedIn' : 'signUpIncomplete';
  return session.hasUserInfoError ? 'signedOut' : 'fetching';
}
