import { screen, waitFor } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiRoutes } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import NotificationsPage from './NotificationsPage';

const PREFERENCES = 'GET /api/users/:userId/notification-preferences';
const SAVE = 'PUT /api/users/:userId/notification-preferences';
const DEFAULTS = { email: true, sms: false, whatsApp: false, whatsAppAvailable: false };

function setup(routes: MockApiRoutes = {}, at = '/setup/notifications') {
  const api = mockApi({
    [PREFERENCES]: envelopeReply(DEFAULTS),
    [SAVE]: (request) => envelopeReply({ ...(request.body as object), whatsAppAvailable: false }),
    ...routes,
  });
  const rendered = renderWithProviders(<NotificationsPage />, {
    route: at,
    path: at,
    routes: [
      { path: '/settings', element: <p>Settings page</p> },
      { path: '/select-company', element: <p>Select company</p> },
      { path: '/setup/select-company', element: <p>Setup select company</p> },
    ],
  });
  return { ...rendered, api };
}

/** The switches once the saved choices have arrived. */
async function switches() {
  const sms = screen.getByRole('switch', { name: /SMS/ });
  await waitFor(() => expect(sms).toBeEnabled());
  return { sms, whatsApp: screen.getByRole('switch', { name: /WhatsApp/ }), email: screen.getByRole('switch', { name: /Email/ }) };
}

describe('NotificationsPage', () => {
  beforeEach(() => {
    resetStores();
    setTestRuntimeConfig();
    arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1', email: 'new.starter@example.com' } });
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the title and the saved choices: email on, SMS and WhatsApp off by default', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'How would you like to receive notifications?' })).toBeInTheDocument();
    const { sms, whatsApp, email } = await switches();
    expect(sms).toHaveAttribute('aria-checked', 'false');
    expect(whatsApp).toHaveAttribute('aria-checked', 'false');
    expect(email).toHaveAttribute('aria-checked', 'true');
  });

  it('shows choices saved earlier', async () => {
    setup({ [PREFERENCES]: envelopeReply({ email: false, sms: true, whatsApp: true, whatsAppAvailable: false }) });
    const { sms, whatsApp, email } = await switches();
    expect([sms, whatsApp, email].map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'true', 'false']);
  });

  it('saves each switch to the server as it is turned, by click, Space and Enter', async () => {
    const { user, api } = setup();
    const { sms, email } = await switches();
    await user.click(sms);
    expect(sms).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByRole('status')).toHaveTextContent('Your choice is saved.');
    sms.focus();
    await user.keyboard(' ');
    expect(sms).toHaveAttribute('aria-checked', 'false');
    email.focus();
    await user.keyboard('{Enter}');
    expect(email).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(3));
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      ['/api/users/u1/notification-preferences', { email: true, sms: true, whatsApp: false }],
      ['/api/users/u1/notification-preferences', { email: true, sms: false, whatsApp: false }],
      ['/api/users/u1/notification-preferences', { email: false, sms: false, whatsApp: false }],
    ]);
  });

  it('WhatsApp, coming soon, cannot be switched on: unavailable with its hint, by mouse or keyboard', async () => {
    const { user, api } = setup();
    const { sms, whatsApp } = await switches();
    expect(whatsApp).toHaveAttribute('aria-disabled', 'true');
    expect(whatsApp).toHaveAccessibleDescription('Coming soon: WhatsApp messages are not available yet, so they cannot be turned on.');
    await user.click(whatsApp);
    // Still in the tab order, so its hint is heard; Enter and Space do nothing.
    sms.focus();
    await user.tab();
    expect(whatsApp).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(whatsApp).toHaveAttribute('aria-checked', 'false');
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    await expectNoAxeViolations(document.body);
  });

  it('an earlier WhatsApp choice can be turned off, and then not on again', async () => {
    const { user, api } = setup({ [PREFERENCES]: envelopeReply({ email: true, sms: false, whatsApp: true, whatsAppAvailable: false }) });
    const { whatsApp } = await switches();
    expect(whatsApp).not.toHaveAttribute('aria-disabled');
    expect(whatsApp).toHaveAccessibleDescription(/You turned them on earlier; you can turn them off\./);
    await user.click(whatsApp);
    expect(whatsApp).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByRole('status')).toHaveTextContent('Your choice is saved.');
    expect(whatsApp).toHaveAttribute('aria-disabled', 'true');
    await user.click(whatsApp);
    expect(whatsApp).toHaveAttribute('aria-checked', 'false');
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ email: true, sms: false, whatsApp: false }]);
  });

  it('turns WhatsApp on once the channel is available', async () => {
    const { user } = setup({ [PREFERENCES]: envelopeReply({ ...DEFAULTS, whatsAppAvailable: true }) });
    const { whatsApp } = await switches();
    expect(whatsApp).not.toHaveAttribute('aria-disabled');
    await user.click(whatsApp);
    expect(whatsApp).toHaveAttribute('aria-checked', 'true');
  });

  it('puts a switch back and says so when saving fails', async () => {
    const { user } = setup({ [SAVE]: errorReply(500, 'Something went wrong') });
    const { email } = await switches();
    await user.click(email);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your choice could not be saved. Please try again.');
    expect(email).toHaveAttribute('aria-checked', 'true');
  });

  it('says when the saved choices cannot be loaded, and still lets the user continue', async () => {
    const { user, router } = setup({ [PREFERENCES]: errorReply(500, 'Something went wrong') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your notification choices could not be loaded');
    expect(screen.getByRole('switch', { name: /SMS/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/select-company');
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
    const link = screen.getByRole('link', { name: 'Skip to choosing your employer' });
    expect(link).toHaveAttribute('href', '/setup/select-company');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/setup/select-company');
  });

  describe('reached from Settings once signed up (/settings/notifications)', () => {
    it('saves to the same API, keeps WhatsApp unselectable and leads back to Settings, not on through set-up', async () => {
      const { user, api, router, container } = setup({}, '/settings/notifications');
      expect(screen.getByRole('heading', { level: 1, name: 'How would you like to receive notifications?' })).toBeInTheDocument();
      const { sms, whatsApp } = await switches();
      await user.click(sms);
      expect(await screen.findByRole('status')).toHaveTextContent('Your choice is saved.');
      expect(api.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
        ['/api/users/u1/notification-preferences', { email: true, sms: true, whatsApp: false }],
      ]);
      await user.click(whatsApp);
      expect(whatsApp).toHaveAttribute('aria-checked', 'false');
      expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Skip to choosing your employer' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Set up' }));
      expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
      await expectNoAxeViolations(container);
      const back = screen.getByRole('link', { name: 'Back to Settings' });
      back.focus();
      await user.keyboard('{Enter}');
      expect(router.state.location.pathname).toBe('/settings');
    });
  });
});
