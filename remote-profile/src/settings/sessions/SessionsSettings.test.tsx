import { screen, waitFor, within } from '@testing-library/react';
import type { SignedInSession } from '@portal/shared/api/types';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiRoutes } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '../../testing/axe';
import { SessionsSettings } from './SessionsSettings';

const USER = 'user-sam';
const here: SignedInSession = {
  id: 'ses_here',
  current: true,
  browser: 'Chrome 131',
  system: 'Windows 10',
  ipAddress: '203.0.113.7',
  startedAt: '2026-03-03T09:00:00Z',
  lastUsedAt: '2026-03-05T14:05:00Z',
  secondStep: false,
};
const phone: SignedInSession = {
  ...here,
  id: 'ses_phone',
  current: false,
  browser: 'Safari 17',
  system: 'iOS 17.5',
  ipAddress: '198.51.100.23',
  startedAt: '2026-03-04T08:30:00Z',
};
const tablet: SignedInSession = { ...phone, id: 'ses_tablet', browser: 'Firefox 133', system: 'Android 14', ipAddress: null };

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER, userInfo: { sub: USER } });
});

function render(routes: MockApiRoutes) {
  const api = mockApi(routes);
  return { api, ...renderWithProviders(<SessionsSettings />, { route: '/settings' }) };
}

describe('the sessions in Settings', () => {
  it('lists each session with its device, address and times, marks this device, and signs one other out by keyboard', async () => {
    let live = [here, phone, tablet];
    const { api, user, container } = render({
      'GET /api/users/:userId/sessions': () => envelopeReply(live),
      'POST /api/users/:userId/sessions/:sessionId/end': ({ params }) => {
        live = live.filter((s) => s.id !== params.sessionId);
        return envelopeReply({ ended: 1 });
      },
    });
    const table = await screen.findByRole('table', { name: 'Your active sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Chrome 131 on Windows 10 This device',
      'Safari 17 on iOS 17.5',
      'Firefox 133 on Android 14',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Chrome 131 on Windows 10 This device', '203.0.113.7', '3 March 2026, 09:00', '5 March 2026, 14:05', '']);
    expect(within(rows[2]!).getByText('Unknown')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    const endPhone = within(rows[1]!).getByRole('button', { name: 'Sign out of this one (Safari 17 on iOS 17.5, signed in 4 March 2026, 08:30)' });
    // Straight to the first button: the table fits (its rows stack on a phone), so it has no box to scroll.
    await user.tab();
    expect(endPhone).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status', { name: 'Signed out of Safari 17 on iOS 17.5' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Your active sessions' })).getAllByRole('row')).toHaveLength(3));
    expect(api.requests.find((r) => r.method === 'POST')!.path).toBe(`/api/users/${USER}/sessions/ses_phone/end`);
  });

  it('signs out everywhere else, and says so', async () => {
    let live = [here, phone, tablet];
    const { user } = render({
      'GET /api/users/:userId/sessions': () => envelopeReply(live),
      'POST /api/users/:userId/sessions/end-others': () => {
        live = [here];
        return envelopeReply({ ended: 2 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByRole('status', { name: 'Signed out of 2 other sessions' })).toBeInTheDocument();
    expect(await screen.findByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('shows what went wrong when a session could not be ended', async () => {
    const { user } = render({
      'GET /api/users/:userId/sessions': envelopeReply([here, phone]),
      'POST /api/users/:userId/sessions/:sessionId/end': errorReply(404, 'No such session on your account', { code: 'sessions.not_found' }),
    });
    await user.click(await screen.findByRole('button', { name: /Sign out of this one/ }));
    expect(await screen.findByRole('alert', { name: 'That session has already ended.' })).toBeInTheDocument();
  });
});
