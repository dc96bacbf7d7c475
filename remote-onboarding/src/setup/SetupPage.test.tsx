import { screen } from '@testing-library/react';
import { arrangeHostState, actAsHost } from '@portal/shared/testing/host-state';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import SetupPage from './SetupPage';

function renderSetup() {
  return renderWithProviders(<SetupPage />, {
    route: '/setup',
    path: '/setup',
    routes: [
      { path: '/setup/link', element: <p>Link page</p> },
      { path: '/setup/confirm-account', element: <p>Confirm page</p> },
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

  it('activating the title signs out, by mouse or keyboard, and says so to screen readers', async () => {
    const signOut = jest.fn();
    actAsHost({ signOut });
    const { user } = renderSetup();
    const title = screen.getByRole('button', { name: 'Set up your account.' });
    expect(title).toHaveAccessibleDescription('Selecting the title signs you out.');
    await user.click(title);
    title.focus();
    await user.keyboard('{Enter}');
    expect(signOut).toHaveBeenCalledTimes(2);
  });
});
