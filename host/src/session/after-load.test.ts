import type { AuthorisedUser, Employment } from '@portal/shared/api/types';
import { decideAfterLoad, servedByOwnRemotePage, showsAccountPicker } from './after-load';

const active: Employment = { ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null };
const ended: Employment = { ID: 'e2', name: 'Brightwater Foods plc', active: false, endDate: '2025-03-31' };

function user(employments: Employment[], privacyPolicyAccepted = true): AuthorisedUser {
  return { userID: 'u1', email: 'alex.morgan@example.com', privacyPolicyAccepted, employments };
}

describe('after loading the authenticated user (spec section 4)', () => {
  it('sends a user with no employments to /setup', () => {
    expect(decideAfterLoad(user([]), '/')).toEqual({ kind: 'go-to-setup' });
  });

  it('auto-selects exactly one employment when the policy is accepted', () => {
    expect(decideAfterLoad(user([active]), '/')).toEqual({ kind: 'auto-select', employmentId: 'e1' });
    expect(decideAfterLoad(user([active]), '/setup/select-company')).toEqual({ kind: 'auto-select', employmentId: 'e1' });
  });

  it('does not auto-select on /select-company', () => {
    expect(decideAfterLoad(user([active]), '/select-company')).toEqual({ kind: 'stay' });
  });

  it('does not auto-select while the privacy policy is not accepted', () => {
    expect(decideAfterLoad(user([active], false), '/')).toEqual({ kind: 'stay' });
  });

  it('lets a user with several employments pick one', () => {
    expect(decideAfterLoad(user([active, ended]), '/')).toEqual({ kind: 'stay' });
  });

  it('never moves a user off a page of its own, such as the link screen', () => {
    expect(decideAfterLoad(user([]), '/setup/link')).toEqual({ kind: 'stay' });
    expect(decideAfterLoad(user([active]), '/setup/confirm-account')).toEqual({ kind: 'stay' });
    expect(showsAccountPicker('/FAQs')).toBe(false);
    expect(showsAccountPicker('/anything-else')).toBe(true);
  });
});

describe('a remote page of its own in the sign-up-incomplete state', () => {
  const routes = [
    { path: '/setup/select-company', pageId: 'remote_onboarding/SelectCompanyPage', firstScreen: [] },
    { path: '*', pageId: 'remote_onboarding/SelectCompanyPage', firstScreen: [] },
    { path: '/employer/employees/:employmentId', pageId: 'remote_employer/EmployeeRecordPage', firstScreen: [] },
    { path: '/clash', pageId: null, firstScreen: [] },
  ];

  it('is any page but the picker that serves every other path', () => {
    expect(servedByOwnRemotePage('/employer/employees/emp-1', routes)).toBe(true);
    expect(servedByOwnRemotePage('/setup/select-company', routes)).toBe(false);
    expect(servedByOwnRemotePage('/anything', routes)).toBe(false);
    expect(servedByOwnRemotePage('/clash', routes)).toBe(false);
  });

  it('is never taken from under the user, whatever their employments', () => {
    expect(decideAfterLoad(user([]), '/employer', true)).toEqual({ kind: 'stay' });
    expect(decideAfterLoad(user([active]), '/employer', true)).toEqual({ kind: 'stay' });
  });
});
