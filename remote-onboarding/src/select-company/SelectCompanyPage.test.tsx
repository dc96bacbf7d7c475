import { act, screen, within } from '@testing-library/react';
import type { AuthorisedUser } from '@portal/shared/api/types';
import { getSession } from '@portal/shared/contract';
import { arrangeHostState, actAsHost } from '@portal/shared/testing/host-state';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { flashState } from '@portal/shared/flash-notice';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import SelectCompanyPage, { employersText } from './SelectCompanyPage';

const northwind = { ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null };
const brightwater = { ID: 'e2', name: 'Brightwater Foods plc', active: false, endDate: '2025-03-31' };

function signedInUser(overrides: Partial<AuthorisedUser> = {}): AuthorisedUser {
  return { userID: 'user-1', email: 'alex.morgan@example.com', privacyPolicyAccepted: true, employments: [northwind, brightwater], ...overrides };
}

function setup(route = '/select-company') {
  const api = mockApi({ 'GET /api/users/:userId/privacy_policy_text': envelopeReply('<p>Our policy</p>') });
  const rendered = renderWithProviders(<SelectCompanyPage />, {
    route,
    path: '/select-company',
    routes: [
      { path: '/setup/select-company', element: <SelectCompanyPage /> },
      { path: '/', element: <p>Home</p> },
      { path: '/setup', element: <p>Setup page</p> },
      { path: '/setup/link', element: <p>Link page</p> },
    ],
  });
  return { ...rendered, api };
}

describe('SelectCompanyPage', () => {
  beforeEach(() => {
    resetStores();
    setTestRuntimeConfig();
    arrangeHostState({ userId: 'user-1' });
  });

  it('says how many employers the user is linked to', () => {
    expect(employersText(1)).toBe('You are linked to 1 employer.');
    expect(employersText(2)).toBe('You are linked to 2 different employers.');
    expect(employersText(5)).toBe('You are linked to 5 different employers.');
  });

  it("shows the title and the 'N different employers' text", () => {
    arrangeHostState({ authorisedUser: signedInUser() });
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Select your account' })).toBeInTheDocument();
    expect(screen.getByText('You are linked to 2 different employers.')).toBeInTheDocument();
  });

  it("says '1 company' for a single employment", () => {
    arrangeHostState({ authorisedUser: signedInUser({ employments: [northwind] }) });
    setup();
    expect(screen.getByText('You are linked to 1 employer.')).toBeInTheDocument();
  });

  it("shows each employment as a button with 'Active' or 'Ended: {date}', ended ones dimmed", () => {
    arrangeHostState({ authorisedUser: signedInUser() });
    setup();
    const active = screen.getByRole('button', { name: /Northwind Logistics Ltd/ });
    expect(active).toHaveTextContent('Active');
    expect(active).not.toHaveClass('onb-employment--ended');
    const ended = screen.getByRole('button', { name: /Brightwater Foods plc/ });
    expect(ended).toHaveTextContent('Ended: 31 March 2025');
    expect(ended).toHaveClass('onb-employment--ended');
  });

  it('says, beside the spec’s texts, until when an ended employment’s payslips stay here', async () => {
    const kept = { ...brightwater, retainedUntil: '2031-03-31' };
    arrangeHostState({ authorisedUser: signedInUser({ employments: [northwind, kept] }) });
    const { container, user } = setup();
    const ended = screen.getByRole('button', { name: /Brightwater Foods plc/ });
    expect(ended).toHaveTextContent('Ended: 31 March 2025');
    expect(within(ended).getByText('Your payslips stay here until 31 March 2031.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Northwind Logistics Ltd/ })).not.toHaveTextContent(/payslips/);
    // Each stays a button the keyboard reaches.
    await user.tab();
    await user.tab();
    expect(ended).toHaveFocus();
    await expectNoAxeViolations(container);
  });

  it('shows a loading state until the host has loaded the user', () => {
    setup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your employers…');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('choosing an employment asks the host to select it (the host stores it, completes sign-up and shows Home)', async () => {
    const selectEmployment = jest.fn().mockResolvedValue(undefined);
    actAsHost({ selectEmployment });
    arrangeHostState({ authorisedUser: signedInUser() });
    const { user, router } = setup('/setup/select-company');
    await user.click(screen.getByRole('button', { name: /Brightwater Foods plc/ }));
    expect(selectEmployment).toHaveBeenCalledWith('e2');
    expect(selectEmployment).toHaveBeenCalledTimes(1);
    // The remote itself changes nothing: the session stays the host's.
    expect(router.state.location.pathname).toBe('/setup/select-company');
    expect(getSession().employmentId).toBeNull();
  });

  it("'Add a new company' goes to /setup and 'Sign out' signs out", async () => {
    const signOut = jest.fn();
    actAsHost({ signOut });
    arrangeHostState({ authorisedUser: signedInUser() });
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: 'Add a new company' }));
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('shows a message carried from a failed confirmation, dismissibly', async () => {
    arrangeHostState({ authorisedUser: signedInUser() });
    const { user, router } = setup();
    await act(() => router.navigate('/select-company', { state: flashState({ title: 'We could not confirm your information', text: 'Please link again.' }) }));
    const alert = await screen.findByRole('alert', { name: 'We could not confirm your information' });
    expect(alert).toHaveTextContent('Please link again.');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  const detailsDidNotMatch = {
    title: 'Your details did not match',
    text: 'The details you entered do not match your employer’s records. You have 3 more tries before your payroll record is locked.',
    action: { label: 'Enter your code again', to: '/setup/link' },
  };

  it('offers the next step of a carried message as a link', async () => {
    arrangeHostState({ authorisedUser: signedInUser() });
    const { user, router } = setup();
    await act(() => router.navigate('/select-company', { state: flashState(detailsDidNotMatch) }));
    const alert = await screen.findByRole('alert', { name: 'Your details did not match' });
    await user.click(within(alert).getByRole('link', { name: 'Enter your code again' }));
    expect(router.state.location.pathname).toBe('/setup/link');
  });

  it('shows a carried message before the privacy panel, so the panel never covers it', async () => {
    arrangeHostState({ authorisedUser: signedInUser({ privacyPolicyAccepted: false }) });
    const { user, router } = setup();
    await act(() => router.navigate('/select-company', { state: flashState(detailsDidNotMatch) }));
    const message = await screen.findByRole('alertdialog', { name: 'Your details did not match' });
    expect(message).toHaveAttribute('aria-modal', 'true');
    expect(message).toHaveAccessibleDescription(/You have 3 more tries before your payroll record is locked\./);
    expect(within(message).getByRole('heading', { name: 'Your details did not match' })).toHaveFocus();
    // Nothing covers it: no policy panel yet, and the picker behind it is inert.
    expect(screen.queryByRole('dialog', { name: 'Privacy policy' })).not.toBeInTheDocument();
    expect(document.querySelector('.onb-picker')).toHaveAttribute('inert');
    // Once read and closed, the blocking policy panel appears as the spec has it.
    await user.click(within(message).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.queryByText(/You have 3 more tries/)).not.toBeInTheDocument();
  });

  it('takes the next step of the message from above the privacy panel', async () => {
    arrangeHostState({ authorisedUser: signedInUser({ privacyPolicyAccepted: false }) });
    const { user, router } = setup();
    await act(() => router.navigate('/select-company', { state: flashState(detailsDidNotMatch) }));
    const message = await screen.findByRole('alertdialog', { name: 'Your details did not match' });
    await user.click(within(message).getByRole('link', { name: 'Enter your code again' }));
    expect(router.state.location.pathname).toBe('/setup/link');
  });

  it('shows the blocking privacy panel while the policy is not accepted, over an inert page', async () => {
    arrangeHostState({ authorisedUser: signedInUser({ privacyPolicyAccepted: false }) });
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(await within(dialog).findByText('Our policy')).toBeInTheDocument();
    expect(document.querySelector('.onb-picker')).toHaveAttribute('inert');
  });

  it('has no privacy panel once the policy is accepted', () => {
    arrangeHostState({ authorisedUser: signedInUser() });
    setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('.onb-picker')).not.toHaveAttribute('inert');
  });

  describe('the employment in use now and the last choice', () => {
    it("marks the employment in use now with 'In use now' and aria-current, and focuses it", () => {
      arrangeHostState({ authorisedUser: signedInUser(), employmentId: 'e2' });
      setup();
      const inUse = screen.getByRole('button', { name: /Brightwater Foods plc/ });
      expect(inUse).toHaveAttribute('aria-current', 'true');
      expect(inUse).toHaveTextContent('In use now');
      expect(inUse).toHaveFocus();
      const other = screen.getByRole('button', { name: /Northwind Logistics Ltd/ });
      expect(other).not.toHaveAttribute('aria-current');
      expect(other).not.toHaveTextContent('In use now');
    });

    it("preselects the user's last choice after signing in again: 'Last used', focused, so Enter continues with it", async () => {
      const selectEmployment = jest.fn().mockResolvedValue(undefined);
      actAsHost({ selectEmployment });
      // Chosen in an earlier session, then signed out (which forgets the employment in use).
      arrangeHostState({ userId: 'user-1', lastEmploymentChoice: 'e2', authorisedUser: signedInUser() });
      const { user } = setup('/setup/select-company');
      const last = screen.getByRole('button', { name: /Brightwater Foods plc/ });
      expect(last).toHaveTextContent('Last used');
      expect(last).not.toHaveAttribute('aria-current');
      expect(last).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(selectEmployment).toHaveBeenCalledWith('e2');
    });

    it('focuses the last choice once the accounts arrive, leaving the heading focused until then', () => {
      arrangeHostState({ userId: 'user-1', lastEmploymentChoice: 'e1' });
      setup();
      expect(screen.getByRole('heading', { level: 1, name: 'Select your account' })).toHaveFocus();
      act(() => arrangeHostState({ authorisedUser: signedInUser() }));
      expect(screen.getByRole('button', { name: /Northwind Logistics Ltd/ })).toHaveFocus();
    });

    it("offers nothing of another user's choices on the same device", () => {
      arrangeHostState({ userId: 'user-1', lastEmploymentChoice: 'e2' });
      arrangeHostState({ userId: 'user-2', authorisedUser: signedInUser({ userID: 'user-2' }) });
      setup();
      expect(screen.queryByText('Last used')).not.toBeInTheDocument();
      expect(screen.queryByText('In use now')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Select your account' })).toHaveFocus();
    });

    it('leaves focus to the privacy panel while the policy is not accepted', async () => {
      arrangeHostState({ authorisedUser: signedInUser({ privacyPolicyAccepted: false }), employmentId: 'e1' });
      setup();
      await screen.findByRole('dialog');
      expect(screen.getByRole('button', { name: /Northwind Logistics Ltd/ })).not.toHaveFocus();
    });
  });
});
