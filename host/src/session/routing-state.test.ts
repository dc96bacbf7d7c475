import { deriveRoutingState } from './routing-state';

const base = { isLoggedIn: true, isFetchingUserInfo: false, hasUserInfo: true, hasUserInfoError: false, isSignedUp: false };

describe('routing state (spec section 2)', () => {
  it('is signed out without a session', () => {
    expect(deriveRoutingState({ ...base, isLoggedIn: false })).toBe('signedOut');
  });

  it('renders nothing while the login status is being fetched', () => {
    expect(deriveRoutingState({ ...base, isFetchingUserInfo: true })).toBe('fetching');
    expect(deriveRoutingState({ ...base, hasUserInfo: false })).toBe('fetching');
  });

  it('goes on when user info failed to load rather than hanging', () => {
    expect(deriveRoutingState({ ...base, hasUserInfo: false, hasUserInfoError: true })).toBe('signUpIncomplete');
  });

  it('separates sign-up incomplete from complete', () => {
    expect(deriveRoutingState(base)).toBe('signUpIncomplete');
    expect(deriveRoutingState({ ...base, isSignedUp: true })).toBe('signedIn');
  });

  describe('offline with an expired access token', () => {
    const expiredOffline = { ...base, isLoggedIn: false, isSignedUp: true, isReturningOffline: true };

    it('shows what the user saw last once their user info comes from the offline copy', () => {
      expect(deriveRoutingState({ ...expiredOffline, hasUserInfo: false })).toBe('fetching');
      expect(deriveRoutingState({ ...expiredOffline, isFetchingUserInfo: true, hasUserInfo: false })).toBe('fetching');
      expect(deriveRoutingState(expiredOffline)).toBe('signedIn');
      expect(deriveRoutingState({ ...expiredOffline, isSignedUp: false })).toBe('signUpIncomplete');
    });

    it('shows the landing page when there is no offline copy of the user, or once back online', () => {
      expect(deriveRoutingState({ ...expiredOffline, hasUserInfo: false, hasUserInfoError: true })).toBe('signedOut');
      expect(deriveRoutingState({ ...expiredOffline, isReturningOffline: false })).toBe('signedOut');
    });
  });
});
