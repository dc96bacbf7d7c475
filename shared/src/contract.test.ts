import { act, renderHook } from '@testing-library/react';
import type { AuthorisedUser } from './api/types';
import {
  forgetLink,
  getAuthorisedUser,
  getSession,
  getSignUpProgress,
  markInformationConfirmed,
  markPrivacyPolicyAccepted,
  recordLink,
  reloadAuthorisedUser,
  selectEmployment,
  signOut,
  updateUserInfo,
  useActiveEmployments,
  useAuthorisedUser,
  useEmploymentId,
  useEmployments,
  useLastEmploymentChoice,
  useSignUpProgress,
  useUserId,
  useUserInfo,
} from './contract';
import { useAccountStore } from './stores/account';
import { registerHostActions } from './stores/host-actions';
import { rehydrateSessionFromStorage, useSessionStore } from './stores/session';
import { useSignUpStore } from './stores/sign-up';
import { resetStores } from './testing/render';

const user: AuthorisedUser = {
  userID: 'u1',
  email: 'alex.morgan@example.com',
  privacyPolicyAccepted: false,
  employments: [
    { ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null },
    { ID: 'e2', name: 'Brightwater Foods plc', active: false, endDate: '2025-03-31' },
  ],
};

beforeEach(() => resetStores());

describe('the contract: reads', () => {
  it("remembers each user's last choice of employment across sign-out, for that user only", () => {
    const { result } = renderHook(() => useLastEmploymentChoice());
    expect(result.current).toBeNull();
    act(() => {
      useSessionStore.getState().setUserId('u1');
      useSessionStore.getState().setEmploymentId('e2');
    });
    expect(result.current).toBe('e2');
    // Signing out forgets the session, not the last choice; it counts again when u1 is back.
    act(() => useSessionStore.getState().clearSession());
    expect(useSessionStore.getState().employmentId).toBeNull();
    expect(result.current).toBeNull();
    act(() => useSessionStore.getState().setUserId('u1'));
    expect(result.current).toBe('e2');
    // Another user on the same device is offered nothing of u1's.
    act(() => useSessionStore.getState().setUserId('u2'));
    expect(result.current).toBeNull();
    // A fresh page load reads it back from local storage.
    act(() => {
      useSessionStore.setState({ lastChoice: null });
      rehydrateSessionFromStorage();
      useSessionStore.getState().setUserId('u1');
    });
    expect(result.current).toBe('e2');
  });

  it('follows the host’s session and account as they change', () => {
    const { result } = renderHook(() => ({
      userId: useUserId(),
      employmentId: useEmploymentId(),
      userInfo: useUserInfo(),
      user: useAuthorisedUser(),
      employments: useEmployments(),
      active: useActiveEmployments(),
    }));
    expect(result.current).toMatchObject({ userId: '0', employmentId: null, userInfo: null, user: null, employments: [], active: [] });

    act(() => {
      useSessionStore.getState().setUserId('u1');
      useSessionStore.getState().setEmploymentId('e1');
      useSessionStore.getState().setUserInfo({ sub: 'u1', email: 'alex@example.com', roles: ['employer-admin'] });
      useAccountStore.getState().setAuthorisedUser(user);
    });
    expect(result.current.userId).toBe('u1');
    expect(result.current.employmentId).toBe('e1');
    expect(result.current.userInfo?.email).toBe('alex@example.com');
    // Since 1.4.0: the account's roles (the host serves pages kept for a role by them).
    expect(result.current.userInfo?.roles).toEqual(['employer-admin']);
    expect(result.current.user?.userID).toBe('u1');
    expect(result.current.employments.map((e) => e.ID)).toEqual(['e1', 'e2']);
    expect(result.current.active.map((e) => e.ID)).toEqual(['e1']);
  });

  it('gives snapshots that hold data only: nothing in them writes the host’s state', () => {
    useSessionStore.getState().setEmploymentId('e1');
    expect(getSession()).toEqual({ userId: '0', employmentId: 'e1', userInfo: null });
    expect(Object.values(getSignUpProgress()).some((value) => typeof value === 'function')).toBe(false);
    expect(getAuthorisedUser()).toBeNull();
  });

  it('re-renders on sign-up progress without looping on a new object each time', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useSignUpProgress();
    });
    const first = result.current;
    act(() => useSessionStore.getState().setUserId('u9'));
    expect(result.current).toBe(first);
    act(() => recordLink({ externalEmploymentID: 'x-1', code: '123456' }));
    expect(result.current).toEqual({ isLinked: true, hasInfo: false, externalEmploymentID: 'x-1', code: '123456' });
    expect(renders).toBe(2);
  });
});

describe('the contract: progress the remotes record', () => {
  it('records a link with its information not yet confirmed, and forgets it', () => {
    useSignUpStore.getState().setHasInfo(true);
    recordLink({ externalEmploymentID: 'x-1', code: '123456' });
    expect(getSignUpProgress()).toEqual({ isLinked: true, hasInfo: false, externalEmploymentID: 'x-1', code: '123456' });
    markInformationConfirmed();
    expect(getSignUpProgress().hasInfo).toBe(true);
    forgetLink();
    expect(getSignUpProgress()).toMatchObject({ isLinked: false, externalEmploymentID: null, code: null });
  });

  it('marks the privacy policy accepted on the loaded user only', () => {
    markPrivacyPolicyAccepted();
    expect(getAuthorisedUser()).toBeNull();
    useAccountStore.getState().setAuthorisedUser(user);
    markPrivacyPolicyAccepted();
    expect(getAuthorisedUser()).toEqual({ ...user, privacyPolicyAccepted: true });
  });

  it('updates the user info but never its sub, and only when signed in', () => {
    updateUserInfo({ email: 'nobody@example.com' });
    expect(getSession().userInfo).toBeNull();
    useSessionStore.getState().setUserInfo({ sub: 'u1', email: 'old@example.com', given_name: 'Alex' });
    updateUserInfo({ email: 'new@example.com', given_name: undefined, sub: 'someone-else' } as Parameters<typeof updateUserInfo>[0]);
    expect(getSession().userInfo).toEqual({ sub: 'u1', email: 'new@example.com' });
  });
});

describe('the contract: host actions', () => {
  it('calls what the host registered', async () => {
    const host = {
      signOut: jest.fn(),
      reloadAuthorisedUser: jest.fn().mockResolvedValue(undefined),
      selectEmployment: jest.fn().mockResolvedValue(undefined),
    };
    registerHostActions(host);
    signOut();
    signOut('/account/closed');
    await reloadAuthorisedUser();
    await selectEmployment('e2');
    expect(host.signOut).toHaveBeenCalledTimes(2);
    expect(host.signOut).toHaveBeenLastCalledWith('/account/closed');
    expect(host.reloadAuthorisedUser).toHaveBeenCalledTimes(1);
    expect(host.selectEmployment).toHaveBeenCalledWith('e2');
  });

  it('changes nothing without a host, and says so', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await selectEmployment('e2');
    signOut();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('selectEmployment'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('signOut'));
    expect(getSession().employmentId).toBeNull();
  });
});
