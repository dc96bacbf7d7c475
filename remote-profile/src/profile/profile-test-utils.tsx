// Screen-test set-up for the profile: a signed-in session, the account's employments and a fake
// identity-user API that merges PATCHes like the real one (a new email waits for its link, so the
// answer keeps the current one).
import { screen, within } from '@testing-library/react';
import type { Employment, IdentityUser } from '@portal/shared/api/types';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiReply, MockApiRequest } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import ProfilePage from './ProfilePage';

export const SUB = 'user-sam';

export const samUser: IdentityUser = Object.freeze({
  id: SUB,
  email: 'sam.patel@example.com',
  firstName: 'Sam',
  middleName: null,
  lastName: 'Patel',
  mobilePhone: '07700 900456',
  birthDate: '1990-05-14',
  data: { niNumber: 'AB123456C' },
});

export const brightwater: Employment = { ID: 'e-bright', name: 'Brightwater Foods plc', active: true, endDate: null };
export const northwind: Employment = { ID: 'e-north', name: 'Northwind Logistics Ltd', active: true, endDate: null };
export const endedEmployment: Employment = { ID: 'e-old', name: 'Old Mill Bakery Ltd', active: false, endDate: '2025-03-31' };

type Options = {
  user?: IdentityUser;
  employments?: Employment[];
  /** Replaces the PATCH /api/user/{sub} answer (e.g. an error). */
  patchIdentity?: MockApiReply | ((request: MockApiRequest) => MockApiReply);
  patchRecord?: MockApiReply | ((request: MockApiRequest) => MockApiReply);
};

type PatchBody = { user: Partial<IdentityUser> };

export function setUpProfile({ user = samUser, employments = [brightwater], patchIdentity, patchRecord }: Options = {}) {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({
    userId: SUB,
    userInfo: { sub: SUB, email: user.email, given_name: user.firstName ?? undefined },
    authorisedUser: { userID: SUB, email: user.email, privacyPolicyAccepted: true, employments },
  });
  let current: IdentityUser = user;
  return mockApi({
    'GET /api/user/:sub': ({ params }) => (params.sub === SUB ? { body: { user: current } } : { status: 403, body: { status: 403, error: 'Not yours' } }),
    'PATCH /api/user/:sub':
      patchIdentity ??
      (({ body }) => {
        const { email: _waitsForItsLink, ...changes } = (body as PatchBody).user;
        current = { ...current, ...changes, data: { ...current.data, ...changes.data } };
        return { body: { user: current } };
      }),
    'PATCH /api/users/:id':
      patchRecord ?? (({ body }) => envelopeReply({ userID: SUB, privacyPolicyAccepted: true, email: (body as { email: string }).email })),
  });
}

export function renderProfile() {
  return renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
}

/** Waits for the overview, then presses the row's Change button. */
export async function openEdit(user: ReturnType<typeof renderProfile>['user'], rowLabel: string) {
  await user.click(await screen.findByRole('button', { name: `Change ${rowLabel}` }));
}

/** The error summary is focused and links, in order, to each field with its message. */
export function expectErrorSummary(entries: readonly [message: string, field: HTMLElement][]) {
  const summary = screen.getByRole('alert', { name: 'There is a problem' });
  expect(summary).toHaveFocus();
  const links = within(summary).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(entries.map(([message, field]) => [message, `#${field.id}`]));
  for (const [message, field] of entries) {
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`));
  }
}
