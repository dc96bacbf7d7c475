import { act, renderHook } from '@testing-library/react';
import type { AuthorisedUser } from '../api/types';
import { findEmployment, selectAccountKnown, selectActiveEmployments, selectEmployments, selectPrivacyPolicyAccepted, useAccountStore } from './account';

const user: AuthorisedUser = {
  userID: 'u1',
  email: 'alex.morgan@example.com',
  privacyPolicyAccepted: true,
  employments: [
    { ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null },
    { ID: 'e2', name: 'Brightwater Foods plc', active: false, endDate: '2025-03-31' },
  ],
};

describe('account store', () => {
  beforeEach(() => useAccountStore.getState().clearAccount());

  it('starts empty', () => {
    const state = useAccountStore.getState();
    expect(state.authorisedUser).toBeNull();
    expect(selectEmployments(state)).toEqual([]);
    expect(selectActiveEmployments(state)).toEqual([]);
    expect(selectPrivacyPolicyAccepted(state)).toBe(false);
    expect(selectAccountKnown(state)).toBe(false);
  });

  it('holds the authorised user, and clears it', () => {
    useAccountStore.getState().setAuthorisedUser(user);
    const state = useAccountStore.getState();
    expect(selectEmployments(state)).toHaveLength(2);
    expect(selectActiveEmployments(state).map((e) => e.ID)).toEqual(['e1']);
    expect(selectPrivacyPolicyAccepted(state)).toBe(true);
    expect(selectAccountKnown(state)).toBe(true);
    useAccountStore.getState().clearAccount();
    expect(useAccountStore.getState()).toMatchObject({ authorisedUser: null });
  });

  it('returns stable results from the selectors so hooks do not loop', () => {
    useAccountStore.getState().setAuthorisedUser(user);
    const first = selectActiveEmployments(useAccountStore.getState());
    expect(selectActiveEmployments(useAccountStore.getState())).toBe(first);
    expect(selectEmployments({ authorisedUser: null })).toBe(selectEmployments({ authorisedUser: null }));

    const { result } = renderHook(() => useAccountStore(selectActiveEmployments));
    expect(result.current.map((e) => e.name)).toEqual(['Northwind Logistics Ltd']);
    act(() => useAccountStore.getState().setAuthorisedUser({ ...user, employments: user.employments.map((e) => ({ ...e, active: true })) }));
    expect(result.current).toHaveLength(2);
  });

  it('finds an employment by id', () => {
    expect(findEmployment(user.employments, 'e2')?.name).toBe('Brightwater Foods plc');
    expect(findEmployment(user.employments, 'nope')).toBeUndefined();
    expect(findEmployment(user.employments, null)).toBeUndefined();
  });
});
