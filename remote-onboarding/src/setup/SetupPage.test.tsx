import { screen, within } from '@testing-library/react';
import { arrangeHostState, actAsHost } from '@portal/shared/testing/host-state';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import SetupPage from './SetupPage';

function renderSetup() {
  return renderWithProviders(<SetupPage />, {
    route: '/setup',
    path: '/setup',
    routes: [
      { path: '/setup/link', element: <p>Link page</p> },
      { path: '/setup/confirm-account', element: <p>Confirm page</p> },
      { path: '/', element: <p>Home page</p> },
      { path: '/select-company', element: <p>Account picker</p> },
      { path: '/setup/select-company', element: <p>Account picker during set-up</p> },
    ],
  });
}

describe('SetupPage', () => {
  beforeEach(() => {
    resetStores();
    setTestRuntimeConfig();
  });

  it("shows the title 'Set up your account.' and two steps", () => {
    renderSetup();
    expect(screen.getByRole('heading', { level: 1, name: 'Set up your account.' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Link to your employer/ })).toHaveAttribute('href', '/setup/link');
  });

  it("step 1 'Link to your employer' leads to /setup/link", async () => {
    const { user, router } = renderSetup();
    await user.click(screen.getByRole('link', { name: /Link to your employer/ }));
    expect(router.state.location.pathname).toBe('/setup/link');
  });

  it('step 2 is greyed and disabled while the account is not linked', () => {
    renderSetup();
    const step2 = screen.getByRole('link', { name: /Confirm your information/ });
    expect(step2).toHaveAttribute('aria-disabled', 'true');
    expect(step2).not.toHaveAttribute('href');
    expect(step2.closest('li')).toHaveClass('onb-step--greyed');
    expect(step2).toHaveTextContent('Available after step 1');
    expect(screen.getByRole('link', { name: /Link to your employer/ }).closest('li')).not.toHaveClass('onb-step--greyed');
  });

  it('once linked, step 1 is greyed and step 2 leads to /setup/confirm-account', async () => {
    arrangeHostState({ signUp: { isLinked: true, externalEmploymentID: 'ext-1', code: '123456' } });
    const { user, router } = renderSetup();
    const step1 = screen.getByRole('link', { name: /Link to your employer/ });
    expect(step1.closest('li')).toHaveClass('onb-step--greyed');
    expect(step1).toHaveTextContent('Done');
    const step2 = screen.getByRole('link', { name: /Confirm your information/ });
    expect(step2).not.toHaveAttribute('aria-disabled');
    expect(step2.closest('li')).not.toHaveClass('onb-step--greyed');
    await user.click(step2);
    expect(router.state.location.pathname).toBe('/setup/confirm-account');
  });

  it('step 2 is greyed and disabled once the information has been given', () => {
    arrangeHostState({ signUp: { isLinked: true, externalEmploymentID: 'ext-1', code: '123456', hasInfo: true } });
    renderSetup();
    const step2 = screen.getByRole('link', { name: /Confirm your information/ });
    expect(step2).toHaveAttribute('aria-disabled', 'true');
    expect(step2).toHaveTextContent('Done');
  });

  it("'Sign out' signs out", async () => {
    const signOut = jest.fn();
    actAsHost({ signOut });
    const { user } = renderSetup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('activating the title asks first: Sign out signs out', async () => {
    const signOut = jest.fn();
    actAsHost({ signOut });
    const { user } = renderSetup();
    const title = screen.getByRole('button', { name: 'Set up your account.' });
    expect(title).toHaveAccessibleDescription('Selecting the title asks whether to sign out.');
    await user.click(title);
    expect(signOut).not.toHaveBeenCalled();
    const question = screen.getByRole('alertdialog', {
      name: 'Sign out? You will need to sign in again to finish setting up your account.',
    });
    expect(within(question).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await expectNoAxeViolations(document.body);
    await user.click(within(question).getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("'Stay' and Escape keep the person on the page, focus back on the title", async () => {
    const signOut = jest.fn();
    actAsHost({ signOut });
    const { user } = renderSetup();
    const title = screen.getByRole('button', { name: 'Set up your account.' });
    await user.click(title);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(title).toHaveFocus();
    await user.click(title);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('the title is not the first Tab stop: the heading takes focus, then Tab reaches the steps', async () => {
    const { user } = renderSetup();
    expect(screen.getByRole('heading', { level: 1, name: 'Set up your account.' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: /Link to your employer/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await expectNoAxeViolations(document.body);
  });

  describe('a way back for a user who already has employments (adding a company)', () => {
    const northwind = { ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null };
    const brightwater = { ID: 'e2', name: 'Brightwater Foods plc', active: false, endDate: '2025-03-31' };
    const withEmployments = (employments: (typeof northwind | typeof brightwater)[]) => ({
      userID: 'u1',
      email: 'alex.morgan@example.com',
      privacyPolicyAccepted: true,
      employments,
    });

    it("offers none to a new user with no employment: 'Sign out' only", () => {
      arrangeHostState({ authorisedUser: withEmployments([]) });
      renderSetup();
      expect(screen.queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    });

    it("offers 'Back to Home' to a user with one employment, which goes to Home", async () => {
      arrangeHostState({ authorisedUser: withEmployments([northwind]), employmentId: 'e1' });
      const { user, router } = renderSetup();
      await user.click(screen.getByRole('link', { name: 'Back to Home' }));
      expect(router.state.location.pathname).toBe('/');
      expect(screen.getByText('Home page')).toBeInTheDocument();
    });

    it("offers 'Back to your employers' to a signed-up user with several, which goes to the account picker", async () => {
      arrangeHostState({ authorisedUser: withEmployments([northwind, brightwater]), employmentId: 'e2' });
      const { user, router } = renderSetup();
      expect(screen.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to your employers' }));
      expect(router.state.location.pathname).toBe('/select-company');
    });

    it('goes back to the set-up account picker when no employment is chosen yet', async () => {
      arrangeHostState({ authorisedUser: withEmployments([northwind, brightwater]) });
      const { user, router } = renderSetup();
      await user.click(screen.getByRole('link', { name: 'Back to your employers' }));
      expect(router.state.location.pathname).toBe('/setup/select-company');
    });
  });
});
