import { screen, within } from '@testing-library/react';
import type { SignInEvent } from '@portal/shared/api/types';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '../../testing/axe';
import { SIGN_INS_PER_PAGE, SignInHistory, resultText } from './SignInHistory';

const USER = 'user-sam';
const event = (i: number, extra: Partial<SignInEvent> = {}): SignInEvent => ({
  id: `sie_${i}`,
  at: new Date(Date.UTC(2026, 2, 20, 12, 0) - i * 3_600_000).toISOString(),
  result: 'signed-in',
  method: 'password',
  secondStep: null,
  browser: 'Chrome 131',
  system: 'Windows 10',
  ipAddress: '203.0.113.7',
  ...extra,
});

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER, userInfo: { sub: USER } });
});

describe('the sign-in history in Settings', () => {
  it('shows the attempts newest first with their device, address and result, ten at a time', async () => {
    const events = [
      event(0, { secondStep: 'authenticator' }),
      event(1, { result: 'second-step-failed', secondStep: 'authenticator' }),
      event(2, { result: 'wrong-password', browser: 'Firefox 133', system: 'Linux', ipAddress: null }),
      ...Array.from({ length: 12 }, (_, i) => event(i + 3)),
    ];
    mockApi({ 'GET /api/users/:userId/sign-ins': envelopeReply(events) });
    const { user, container } = renderWithProviders(<SignInHistory />, { route: '/settings' });
    const table = await screen.findByRole('table', { name: 'Sign-ins, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(SIGN_INS_PER_PAGE);
    // Each row is named by its time (the card's title on a phone).
    const read = (row: HTMLElement) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((c) => c.textContent);
    expect(read(rows[0]!)).toEqual(['20 March 2026, 12:00', 'Chrome 131 on Windows 10', '203.0.113.7', 'Signed in with a code from the authenticator app']);
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent('Second step failed: wrong code from the authenticator app');
    expect(read(rows[2]!)).toEqual(['20 March 2026, 10:00', 'Firefox 133 on Linux', 'Unknown', 'Wrong password']);
    await expectNoAxeViolations(container);

    const more = screen.getByRole('button', { name: 'Show more sign-ins' });
    more.focus();
    await user.keyboard('{Enter}');
    expect(within(table).getAllByRole('row')).toHaveLength(events.length + 1);
    expect(screen.queryByRole('button', { name: 'Show more sign-ins' })).not.toBeInTheDocument();
  });

  it('says when there is nothing to show', async () => {
    mockApi({ 'GET /api/users/:userId/sign-ins': envelopeReply([]) });
    renderWithProviders(<SignInHistory />, { route: '/settings' });
    expect(await screen.findByText('No sign-ins in the last 90 days.')).toBeInTheDocument();
  });

  it('words every result', () => {
    expect(resultText({ result: 'signed-in', method: 'passkey', secondStep: null })).toBe('Signed in with a passkey');
    expect(resultText({ result: 'signed-in', method: 'password', secondStep: null })).toBe('Signed in with a password');
    expect(resultText({ result: 'signed-in', method: 'password', secondStep: 'recovery-code' })).toBe('Signed in with a recovery code');
    expect(resultText({ result: 'second-step-failed', method: 'password', secondStep: 'recovery-code' })).toBe('Second step failed: wrong recovery code');
  });
});
