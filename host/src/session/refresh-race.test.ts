import { lostRefreshRace, readAccessTokenExpiry, rearmAutoRefresh, setRefreshRearm } from './refresh-race';

describe('a refresh lost to another tab', () => {
  afterEach(() => setRefreshRearm(null));
  const now = Date.UTC(2026, 10, 23, 9, 0, 0);
  const seconds = (ms: number) => Math.floor(ms / 1000);

  it('reads the expiry cookie among others, and nothing from a missing or broken one', () => {
    expect(readAccessTokenExpiry('a=1; __Host-app.at_exp=1795000000; b=2')).toBe(1795000000);
    expect(readAccessTokenExpiry('a=1')).toBeNull();
    expect(readAccessTokenExpiry('__Host-app.at_exp=soon')).toBeNull();
  });

  it('is told apart from a session that really ended', () => {
    // Another tab refreshed: a fresh 15-minute token.
    expect(lostRefreshRace(now, seconds(now + 15 * 60_000))).toBe(true);
    // Nobody refreshed: the token still ends within the lead time, as when the refresh was due.
    expect(lostRefreshRace(now, seconds(now + 9_000))).toBe(false);
    expect(lostRefreshRace(now, seconds(now - 1_000))).toBe(false);
    expect(lostRefreshRace(now, null)).toBe(false);
  });

  it('re-arms through what the host registered', () => {
    expect(rearmAutoRefresh()).toBe(false);
    const initAutoRefresh = jest.fn();
    setRefreshRearm(initAutoRefresh);
    expect(rearmAutoRefresh()).toBe(true);
    expect(initAutoRefresh).toHaveBeenCalledTimes(1);
  });
});
