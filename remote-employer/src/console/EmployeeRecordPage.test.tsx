import { screen, waitFor, within } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { ACCESS, JORDAN, consoleError, ok } from '../testing/console-api';
import EmployeeRecordPage from './EmployeeRecordPage';

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1', roles: ['employer-admin'] } });
});

const EVENTS = [
  { at: '2026-03-04T10:15:00Z', kind: 'locked', channel: null, by: null, reason: null },
  { at: '2026-07-01T13:05:00Z', kind: 'invited', channel: 'sms', by: { name: 'Sam Admin', email: 'sam@northwind.example' }, reason: null },
];

const MESSAGES = [
  { at: '2026-03-04T10:20:00Z', channel: 'sms', kind: 'code', state: 'failed_temporary', reason: 'Handset switched off', provider: 'notify' },
  { at: '2026-03-03T09:00:00Z', channel: 'sms', kind: 'invitation', state: 'failed_permanent', reason: 'Number not in service', provider: 'notify' },
  { at: '2026-03-02T09:30:00Z', channel: 'email', kind: 'invitation', state: 'delivered', reason: null, provider: 'smtp' },
  { at: '2026-03-02T09:00:00Z', channel: 'email', kind: 'notice', state: 'sent', reason: null, provider: 'smtp' },
  { at: '2026-03-01T09:00:00Z', channel: 'email', kind: 'unlocked', state: 'queued', reason: null, provider: 'outbox' },
];

function render(routes = {}) {
  const api = mockApi({
    'GET /api/employer-console': ACCESS,
    'GET /api/employers/:employerId/employees/:employmentId/history': ok({ employee: JORDAN, events: EVENTS }),
    'GET /api/employers/:employerId/employees/:employmentId/messages': ok({ messages: MESSAGES }),
    ...routes,
  });
  return { api, ...renderWithProviders(<EmployeeRecordPage />, { route: '/employer/employees/r3', path: '/employer/employees/:employmentId' }) };
}

describe('a record page', () => {
  it('shows the details, state and history in UK time, and passes axe', async () => {
    const { container, api } = render();
    expect(await screen.findByRole('heading', { level: 2, name: 'Jordan Patel' })).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/employers/emp-north/employees/r3/history')).toBe(true);
    expect(screen.getByText('Locked')).toBeInTheDocument();
    expect(screen.getByText('E0003')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Record locked');
    expect(items[0]).toHaveTextContent('4 March 2026, 10:15');
    // British summer time: 13:05 UTC is 14:05 in London.
    expect(items[1]).toHaveTextContent('Invited by text message');
    expect(items[1]).toHaveTextContent('1 July 2026, 14:05 by Sam Admin (sam@northwind.example)');
    expect(screen.getByRole('link', { name: /All employees/ })).toHaveAttribute('href', '/employer');
    await expectNoAxeViolations(container);
  });

  it('lists the messages sent about the record: time, channel, what, and the state in words with the reason', async () => {
    const { container, api } = render();
    const section = await screen.findByRole('region', { name: 'Messages' });
    const table = await within(section).findByRole('table', { name: 'Messages, newest first' });
    expect(api.requests.some((request) => request.path === '/api/employers/emp-north/employees/r3/messages')).toBe(true);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Channel', 'What', 'State']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      'Failed – will retryReason: Handset switched off',
      'FailedReason: Number not in service',
      'Delivered',
      'Sent',
      'Queued',
    ]);
    expect(rows[0]).toHaveTextContent('4 March 2026, 10:20');
    expect(rows[0]).toHaveTextContent('Text message');
    expect(rows[0]).toHaveTextContent('Linking code');
    expect(rows[2]).toHaveTextContent('Email');
    expect(rows[2]).toHaveTextContent('Invitation');
    expect(rows[4]).toHaveTextContent('Record unlocked');
    await expectNoAxeViolations(container);
  });

  it('says so when no message was sent', async () => {
    render({ 'GET /api/employers/:employerId/employees/:employmentId/messages': ok({ messages: [] }) });
    expect(await screen.findByText('No messages have been sent about this record.')).toBeInTheDocument();
  });

  it('shows why the messages could not be loaded, with the history still there', async () => {
    render({ 'GET /api/employers/:employerId/employees/:employmentId/messages': consoleError(404, 'console.not_found') });
    expect(await screen.findByRole('alert', { name: 'The messages could not be loaded' })).toHaveTextContent('This employer is not in your console.');
    expect(screen.getByRole('list', { name: 'History' })).toBeInTheDocument();
  });

  it('resends the invitation, and says when that is too soon', async () => {
    let tooSoon = false;
    const { user, api } = render({
      'POST /api/employers/:employerId/employees/:employmentId/invitation/resend': () =>
        tooSoon ? consoleError(429, 'console.resend_too_soon') : ok({ sentAt: '2026-03-05T09:00:00Z' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByRole('status', { name: 'Invitation sent again' })).toHaveTextContent('Sent 5 March 2026, 09:00.');
    expect(api.requests.some((request) => request.path === '/api/employers/emp-north/employees/r3/invitation/resend')).toBe(true);
    tooSoon = true;
    await user.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByRole('alert', { name: 'That did not work' })).toHaveTextContent('less than a minute ago. Wait a minute, then resend it.');
  });

  it('revokes the invitation only after confirming', async () => {
    const { user, api } = render({ 'DELETE /api/employers/:employerId/employees/:employmentId/invitation': ok({ revoked: true }) });
    await user.click(await screen.findByRole('button', { name: 'Revoke invitation' }));
    const confirm = screen.getByRole('region', { name: 'Revoke the invitation' });
    expect(confirm).toHaveTextContent('Revoke the invitation to Jordan Patel?');
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, revoke the invitation' }));
    expect(await screen.findByRole('status', { name: 'Invitation withdrawn' })).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'DELETE')!.path).toBe('/api/employers/emp-north/employees/r3/invitation');
  });

  it('unlocks: GOV.UK-style errors that take focus and link to the fields, text kept, then success', async () => {
    const { user, api, container } = render({ 'POST /api/employers/:employerId/employees/:employmentId/unlock': ok({ unlocked: true }) });
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    const form = screen.getByRole('region', { name: 'Unlock Jordan Patel’s record' });
    await user.click(within(form).getByRole('button', { name: 'Unlock record' }));

    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    const checkbox = within(form).getByRole('checkbox', { name: 'I have checked this person’s identity' });
    const reason = within(form).getByRole('textbox', { name: 'Reason' });
    expect(checkbox).toHaveAccessibleDescription('Error: Confirm that you have checked this person’s identity');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Error: Enter why you are unlocking this record/);
    await user.click(within(summary).getByRole('link', { name: 'Enter why you are unlocking this record' }));
    expect(reason).toHaveFocus();
    await expectNoAxeViolations(container);

    // Too short: the text stays, and the message says why.
    await user.keyboard('ID');
    await user.click(within(form).getByRole('button', { name: 'Unlock record' }));
    expect(await within(form).findByRole('link', { name: 'The reason must be 5 characters or more' })).toBeInTheDocument();
    expect(reason).toHaveValue('ID');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    // By keyboard: Space ticks the box, then the reason is completed and Enter on the button sends.
    checkbox.focus();
    await user.keyboard(' ');
    await user.type(reason, ' checked against passport in person');
    within(form).getByRole('button', { name: 'Unlock record' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status', { name: 'Record unlocked' })).toHaveTextContent('Jordan Patel can link their account again.');
    expect(api.requests.find((request) => request.method === 'POST')!.body).toEqual({
      identityChecked: true,
      reason: 'ID checked against passport in person',
    });
  });

  it('refuses a reason over 500 characters, keeping it', async () => {
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    await user.click(screen.getByRole('checkbox', { name: 'I have checked this person’s identity' }));
    const long = 'x'.repeat(501);
    await user.click(screen.getByRole('textbox', { name: 'Reason' }));
    await user.paste(long);
    await user.click(screen.getByRole('button', { name: 'Unlock record' }));
    expect(await screen.findByRole('link', { name: 'The reason must be 500 characters or fewer' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue(long);
  });
});
