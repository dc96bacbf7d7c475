import { act, renderHook } from '@testing-library/react';
import { getCurrentUserId, rehydrateSessionFromStorage, useSessionStore } from './session';

/** A store created now, as on page load (reads local storage on creation). */
async function loadFreshStore(): Promise<typeof useSessionStore> {
  let fresh: typeof useSessionStore | undefined;
  await jest.isolateModulesAsync(async () => {
    fresh = (await import('./session')).useSessionStore;
  });
  if (!fresh) throw new Error('store not loaded');
  return fresh;
}

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().clearSession();
  });

  it('defaults to user 0, no employment and no user info', async () => {
    const store = await loadFreshStore();
    expect(store.getState()).toMatchObject({ userId: '0', employmentId: null, userInfo: null });
  });

  it('reads the raw strings from currentUserID and employmentID on creation', async () => {
    localStorage.setItem('currentUserID', 'user-7');
    localStorage.setItem('employmentID', 'emp-3');
    const store = await loadFreshStore();
    expect(store.getState().userId).toBe('user-7');
    expect(store.getState().employmentId).toBe('emp-3');
  });

  it('writes raw strings, not JSON', () => {
    useSessionStore.getState().setUserId('user-1');
    useSessionStore.getState().setEmploymentId('emp-9');
    expect(localStorage.getItem('currentUserID')).toBe('user-1');
    expect(localStorage.getItem('employmentID')).toBe('emp-9');
    expect(useSessionStore.getState()).toMatchObject({ userId: 'user-1', employmentId: 'emp-9' });
  });

  it('removes the employment key when the employment is set to null', () => {
    useSessionStore.getState().setEmploymentId('emp-9');
    useSessionStore.getState().setEmploymentId(null);
    expect(localStorage.getItem('employmentID')).toBeNull();
    expect(useSessionStore.getState().employmentId).toBeNull();
  });

  it('falls back to user 0 for an empty id', () => {
    useSessionStore.getState().setUserId('');
    expect(useSessionStore.getState().userId).toBe('0');
    expect(getCurrentUserId()).toBe('0');
  });

  it('keeps user info in memory only', () => {
    useSessionStore.getState().setUserInfo({ sub: 'abc', email: 'a@example.com' });
    expect(useSessionStore.getState().userInfo).toEqual({ sub: 'abc', email: 'a@example.com' });
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('keeps only the known claims of the sign-in SDK user info, and needs a sub', () => {
    const sdkUserInfo = { sub: 'u1', email: 'a@example.com', given_name: 'Alex', roles: [], email_verified: true, tid: 't' };
    useSessionStore.getState().setUserInfo(sdkUserInfo);
    expect(useSessionStore.getState().userInfo).toEqual({ sub: 'u1', email: 'a@example.com', given_name: 'Alex', roles: [] });
    useSessionStore.getState().setUserInfo({ email: 'no-sub@example.com' });
    expect(useSessionStore.getState().userInfo).toBeNull();
    useSessionStore.getState().setUserInfo(undefined);
    expect(useSessionStore.getState().userInfo).toBeNull();
  });

  it("keeps the account's roles, strings only (they decide which pages the host serves)", () => {
    const roles = ['employer-admin', 7, null] as unknown as string[];
    useSessionStore.getState().setUserInfo({ sub: 'u1', roles });
    expect(useSessionStore.getState().userInfo).toEqual({ sub: 'u1', roles: ['employer-admin'] });
    useSessionStore.getState().setUserInfo({ sub: 'u1', roles: 'employer-admin' as unknown as string[] });
    expect(useSessionStore.getState().userInfo).toEqual({ sub: 'u1' });
  });

  it('clears everything and removes both keys', () => {
    const state = useSessionStore.getState();
    state.setUserId('user-1');
    state.setEmploymentId('emp-1');
    state.setUserInfo({ sub: 'user-1' });
    useSessionStore.getState().clearSession();
    expect(useSessionStore.getState()).toMatchObject({ userId: '0', employmentId: null, userInfo: null });
    expect(localStorage.getItem('currentUserID')).toBeNull();
    expect(localStorage.getItem('employmentID')).toBeNull();
  });

  it('rehydrates from local storage', () => {
    localStorage.setItem('currentUserID', 'u2');
    rehydrateSessionFromStorage();
    expect(getCurrentUserId()).toBe('u2');
    expect(useSessionStore.getState().employmentId).toBeNull();
  });

  it('re-renders subscribers', () => {
    const { result } = renderHook(() => useSessionStore((state) => state.employmentId));
    expect(result.current).toBeNull();
    act(() => useSessionStore.getState().setEmploymentId('e1'));
    expect(result.current).toBe('e1');
  });

  it('survives storage that throws', () => {
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => useSessionStore.getState().setUserId('u3')).not.toThrow();
    expect(useSessionStore.getState().userId).toBe('u3');
    spy.mockRestore();
  });
});
