// The four routing states of spec section 2.
export type RoutingState = 'fetching' | 'signedOut' | 'signUpIncomplete' | 'signedIn';

export function deriveRoutingState(session: {
  isLoggedIn: boolean;
  isFetchingUserInfo: boolean;
  hasUserInfo: boolean;
  hasUserInfoError: boolean;
  isSignedUp: boolean;
}): RoutingState {
  if (!session.isLoggedIn) return 'signedOut';
  if (session.isFetchingUserInfo || (!session.hasUserInfo && !session.hasUserInfoError)) return 'fetching';
  return session.isSignedUp ? 'signedIn' : 'signUpIncomplete';
}
