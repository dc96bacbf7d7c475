import { screen } from '@testing-library/react';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { loadMessages } from '../exposed/SettingsPage';
import SettingsPage from './SettingsPage';

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  // The parts below the link ask for their data (each has tests of its own).
  mockApi({
    'GET /api/users/:userId/two-step': envelopeReply({ on: false, recoveryCodesLeft: 0, required: false }),
    'GET /api/users/:userId/sessions': envelopeReply([]),
    'GET /api/users/:userId/sign-ins': envelopeReply([]),
    'GET /api/users/:userId/passkeys': envelopeReply([]),
  });
});

describe('SettingsPage', () => {
  it('shows the spec text under a Settings heading, which takes focus', () => {
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Settings' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('View and manage settings related to your profile and company')).toBeInTheDocument();
  });

  it('links first to Profile, then to the notification preferences', async () => {
    const { user, router } = renderWithProviders(<SettingsPage />, {
      route: '/settings',
      path: '/settings',
      routes: [
        { path: '/profile', element: <p>Profile page</p> },
        { path: '/settings/notifications', element: <p>Notification preferences page</p> },
      ],
    });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile›', '/profile'],
      ['Notification preferences›', '/settings/notifications'],
    ]);
    expect(links[1]).toHaveAccessibleName('Notification preferences');
    await user.click(links[0]!);
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByText('Profile page')).toBeInTheDocument();
  });

  it('reaches the notification preferences by keyboard', async () => {
    const { user, router } = renderWithProviders(<SettingsPage />, {
      route: '/settings',
      path: '/settings',
      routes: [{ path: '/settings/notifications', element: <p>Notification preferences page</p> }],
    });
    screen.getByRole('link', { name: 'Notification preferences' }).focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/settings/notifications');
    expect(screen.getByText('Notification preferences page')).toBeInTheDocument();
  });

  it('offers, below the spec’s text and its one link, the download of your data and closing your account', async () => {
    const { container } = renderWithProviders(<SettingsPage />, { route: '/settings' });
    expect(screen.getByRole('region', { name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data (ZIP)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Close your account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close my account' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe('Settings in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('speaks Welsh in every part once its page module has loaded its texts', async () => {
    await activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
    mockApi({
      'GET /api/users/:userId/two-step': envelopeReply({ on: true, recoveryCodesLeft: 3, required: false }),
      'GET /api/users/:userId/sessions': envelopeReply([
        {
          id: 's1',
          browser: 'Chrome 131',
          system: 'Windows 10',
          ipAddress: null,
          startedAt: '2026-03-03T14:05:00Z',
          lastUsedAt: '2026-03-03T14:05:00Z',
          current: true,
        },
      ]),
      'GET /api/users/:userId/sign-ins': envelopeReply([]),
      'GET /api/users/:userId/passkeys': envelopeReply([]),
    });
    const { container, user } = renderWithProviders(<SettingsPage />, { route: '/settings' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gosodiadau' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Dewisiadau hysbysu/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Newid eich cyfrinair' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cyfrinair presennol')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Allweddi mynediad' })).toBeInTheDocument();
    expect(await screen.findByText('Mae gennych 3 cod adfer ar ôl.')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Eich sesiynau gweithredol' })).toHaveTextContent('Chrome 131 ar Windows 10 Y ddyfais hon');
    expect(screen.getAllByText('3 Mawrth 2026, 14:05', { selector: 'time' })).toHaveLength(2);
    expect(screen.getByText('Dim mewngofnodion yn y 90 diwrnod diwethaf.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Eich data' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Newid cyfrinair' }));
    expect(screen.getByRole('alert', { name: 'Mae problem wedi codi' })).toHaveTextContent('Rhowch eich cyfrinair presennol');
    await expectNoAxeViolations(container);
  });
});
