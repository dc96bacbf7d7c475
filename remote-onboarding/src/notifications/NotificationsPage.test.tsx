import { screen } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import NotificationsPage from './NotificationsPage';

function setup() {
  return renderWithProviders(<NotificationsPage />, {
    route: '/setup/notifications',
    path: '/setup/notifications',
    routes: [
      { path: '/select-company', element: <p>Select company</p> },
      { path: '/setup/select-company', element: <p>Setup select company</p> },
    ],
  });
}

describe('NotificationsPage', () => {
  beforeEach(() => {
    resetStores();
    setTestRuntimeConfig();
    arrangeHostState({ userInfo: { sub: 'u1', email: 'new.starter@example.com' } });
  });

  it('shows the title and SMS and WhatsApp switches, off by default', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'How would you like to receive notifications?' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /SMS/ })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: /WhatsApp/ })).toHaveAttribute('aria-checked', 'false');
  });

  it('toggles each switch by click, Space and Enter, independently', async () => {
    const { user } = setup();
    const sms = screen.getByRole('switch', { name: /SMS/ });
    const whatsApp = screen.getByRole('switch', { name: /WhatsApp/ });
    await user.click(sms);
    expect(sms).toHaveAttribute('aria-checked', 'true');
    expect(whatsApp).toHaveAttribute('aria-checked', 'false');
    sms.focus();
    await user.keyboard(' ');
    expect(sms).toHaveAttribute('aria-checked', 'false');
    await user.tab();
    expect(whatsApp).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(whatsApp).toHaveAttribute('aria-checked', 'true');
    expect(sms).toHaveAttribute('aria-checked', 'false');
  });

  it("'Set up' on the Email row shows where notifications go and how to change it", async () => {
    const { user } = setup();
    const setUp = screen.getByRole('button', { name: 'Set up' });
    expect(setUp).toHaveAccessibleDescription('Email');
    expect(setUp).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/Email notifications go to/)).not.toBeVisible();
    await user.click(setUp);
    expect(setUp).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Email notifications go to/)).toBeVisible();
    expect(screen.getByText('new.starter@example.com')).toBeVisible();
    expect(screen.getByText(/change your email address on your Profile page/)).toBeVisible();
  });

  it("prefers the user record's notification email", async () => {
    arrangeHostState({ authorisedUser: { userID: 'u1', privacyPolicyAccepted: false, employments: [], email: 'alerts@example.com' } });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    expect(screen.getByText('alerts@example.com')).toBeVisible();
  });

  it("'Continue' goes to /select-company", async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/select-company');
  });

  it('a link goes to /setup/select-company', async () => {
    const { user, router } = setup();
    const link = screen.getByRole('link', { name: 'Skip to choosing your account' });
    expect(link).toHaveAttribute('href', '/setup/select-company');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/setup/select-company');
  });
});
