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
});
