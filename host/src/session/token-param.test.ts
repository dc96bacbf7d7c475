import { saveTokenParam, tokenSearch } from './token-param';

describe('the token query parameter', () => {
  beforeEach(() => localStorage.clear());

  it('is saved to localStorage under "token" on load', () => {
    saveTokenParam('?token=INVITE-2026-DEMO&x=1');
    expect(localStorage.getItem('token')).toBe('INVITE-2026-DEMO');
  });

  it('leaves a stored token alone when the address has none', () => {
    localStorage.setItem('token', 'kept');
    saveTokenParam('?x=1');
    expect(localStorage.getItem('token')).toBe('kept');
  });

  it('is carried into redirects, and nothing else is', () => {
    expect(tokenSearch('?token=abc&other=1')).toBe('?token=abc');
    expect(tokenSearch('?other=1')).toBe('');
  });
});
