import { screen, within } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiReply } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '../../testing/axe';
import { PasswordSettings } from './PasswordSettings';

const USER_ID = 'user-sam';
const STRONG = 'Mulberry-payslip-ledger-7431';
const COMMON = 'This password is too common. Choose one that is harder to guess.';

const refusal = (status: number, code: string, error: string, headers?: Record<string, string>): MockApiReply => ({
  status,
  body: { status, error, code, data: null },
  ...(headers ? { headers } : {}),
});

function setUp(reply: MockApiReply = envelopeReply({ changed: true, otherSessionsEnded: true })) {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER_ID, userInfo: { sub: USER_ID, email: 'sam.patel@example.com' } });
  const api = mockApi({ 'POST /api/users/:userId/password': reply });
  const rendered = renderWithProviders(<PasswordSettings />, { route: '/settings', path: '/settings' });
  return { ...rendered, api };
}

const field = (name: string) => screen.getByLabelText(name);
/** The 'Show password' button of a field: the one that controls it. */
const toggleOf = (name: string) => screen.getAllByRole('button', { name: 'Show password' }).find((b) => b.getAttribute('aria-controls') === field(name).id)!;
const summary = () => screen.getByRole('alert', { name: 'There is a problem' });

async function fillIn(user: ReturnType<typeof setUp>['user'], current: string, next: string, again = next) {
  await user.type(field('Current password'), current);
  await user.type(field('New password'), next);
  await user.type(field('Confirm new password'), again);
}

describe('Change your password', () => {
  it('asks for the current password, the new one and the new one again, each hidden, with a hint', async () => {
    const { container } = setUp();
    expect(screen.getByRole('heading', { level: 2, name: 'Change your password' })).toBeInTheDocument();
    expect(field('Current password')).toHaveAttribute('type', 'password');
    expect(field('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(field('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('New password')).toHaveAccessibleDescription(expect.stringContaining('At least 12 characters'));
    expect(field('Confirm new password')).toHaveAttribute('type', 'password');
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('is used from the keyboard alone: fields and their toggles in order, Space shows, Enter sends', async () => {
    const { user, api } = setUp();
    await user.tab();
    expect(field('Current password')).toHaveFocus();
    await user.keyboard('the-current-password');
    await user.tab();
    expect(toggleOf('Current password')).toHaveFocus();
    await user.keyboard(' ');
    expect(field('Current password')).toHaveAttribute('type', 'text');
    await user.tab();
    expect(field('New password')).toHaveFocus();
    await user.keyboard(STRONG);
    await user.tab();
    await user.tab();
    expect(field('Confirm new password')).toHaveFocus();
    await user.keyboard(`${STRONG}{Enter}`);
    expect(await screen.findByRole('status', { name: 'Your password has been changed' })).toBeInTheDocument();
    expect(api.requests.map((r) => r.body)).toEqual([{ currentPassword: 'the-current-password', newPassword: STRONG, confirmPassword: STRONG }]);
  });

  it('shows and hides a password, saying so, and hides it again before it is sent', async () => {
    const { user } = setUp();
    await user.type(field('New password'), STRONG);
    await user.click(toggleOf('New password'));
    expect(field('New password')).toHaveAttribute('type', 'text');
    expect(toggleOf('New password')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Your password is shown')).toBeInTheDocument();
    await user.click(toggleOf('New password'));
    expect(field('New password')).toHaveAttribute('type', 'password');
    expect(toggleOf('New password')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Your password is hidden')).toBeInTheDocument();
    await user.click(toggleOf('New password'));
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(field('New password')).toHaveAttribute('type', 'password');
  });

  it('sends nothing with empty fields: each says what to enter, and the summary takes focus and links to them', async () => {
    const { user, api, container } = setUp();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(summary()).toHaveFocus();
    const links = within(summary()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Enter your current password', 'Enter a new password', 'Enter your new password again']);
    expect(field('Current password')).toHaveAccessibleDescription('Error: Enter your current password');
    expect(field('New password')).toHaveAttribute('aria-invalid', 'true');
    await user.click(links[1]!);
    expect(field('New password')).toHaveFocus();
    expect(api.requests).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('sends nothing when the two new passwords differ', async () => {
    const { user, api } = setUp();
    await fillIn(user, 'the-current-password', STRONG, `${STRONG}!`);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(within(summary()).getByRole('link', { name: 'The new passwords do not match' })).toBeInTheDocument();
    expect(field('Confirm new password')).toHaveAccessibleDescription('Error: The new passwords do not match');
    expect(api.requests).toEqual([]);
  });

  it('changes the password: says so and that every other session has ended, and empties the form', async () => {
    const { user, api } = setUp();
    await fillIn(user, 'the-current-password', STRONG);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const notice = await screen.findByRole('status', { name: 'Your password has been changed' });
    expect(notice).toHaveTextContent('You have been signed out everywhere else.');
    expect(api.requests.map((r) => [r.method, r.path])).toEqual([['POST', `/api/users/${USER_ID}/password`]]);
    expect(field('Current password')).toHaveValue('');
    expect(field('New password')).toHaveValue('');
    expect(field('Confirm new password')).toHaveValue('');
  });

  it('shows a common password’s refusal on the new password and in the summary, keeping what was typed', async () => {
    const { user, container } = setUp(refusal(400, 'password.too_common', COMMON));
    await fillIn(user, 'the-current-password', 'Qwerty123456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveFocus();
    expect(within(summary()).getByRole('link', { name: COMMON })).toHaveAttribute('href', `#${field('New password').id}`);
    expect(field('New password')).toHaveAccessibleDescription(expect.stringContaining(`Error: ${COMMON}`));
    expect(field('New password')).toHaveValue('Qwerty123456');
    expect(screen.queryByRole('status', { name: 'Your password has been changed' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it.each([
    ['a wrong current password', refusal(400, 'password.current_not_right', 'Your current password is not right'), 'Current password'],
    [
      'too many wrong ones',
      refusal(429, 'password.too_many_attempts', 'Too many wrong passwords. Wait 15 minutes, then try again.', { 'retry-after': '900' }),
      'Current password',
    ],
    ['a new password too short (as the API counts)', refusal(400, 'password.too_short', 'Your new password must be at least 12 characters'), 'New password'],
  ])('shows %s on its field', async (_, reply, label) => {
    const { user } = setUp(reply);
    await fillIn(user, 'a-guess-at-the-password', STRONG);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const message = (reply.body as { error: string }).error;
    expect(await screen.findByRole('link', { name: message })).toBeInTheDocument();
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`));
  });

  it('says the password was not changed when the service fails', async () => {
    const { user } = setUp({ status: 500, body: { status: 500, error: 'Internal Server Error' } });
    await fillIn(user, 'the-current-password', STRONG);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert', { name: 'Your password was not changed' });
    expect(alert).not.toHaveTextContent('Internal Server Error');
    expect(field('New password')).toHaveValue(STRONG);
  });
});
