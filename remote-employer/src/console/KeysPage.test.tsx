import { screen, waitFor, within } from '@testing-library/react';
import type { EmployerApiKey } from '@portal/shared/api/employer-console';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { ACCESS, consoleError, ok } from '../testing/console-api';
import KeysPage from './KeysPage';

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1', roles: ['employer-admin'] } });
});

const SAGE: EmployerApiKey = {
  id: 'k1',
  prefix: 'pk_7Hq2a',
  name: 'Sage payroll',
  createdAt: '2026-01-05T09:00:00Z',
  lastUsedAt: '2026-07-01T13:05:00Z',
  revokedAt: null,
  createdBy: { name: 'Sam Admin', email: 'sam@northwind.example' },
};
const OLD: EmployerApiKey = {
  id: 'k0',
  prefix: 'pk_0ld00',
  createdAt: '2025-11-01T09:00:00Z',
  lastUsedAt: null,
  revokedAt: '2025-12-01T10:00:00Z',
  createdBy: null,
};

function render(routes = {}) {
  const api = mockApi({ 'GET /api/employer-console': ACCESS, 'GET /api/employers/:employerId/keys': ok({ keys: [SAGE, OLD] }), ...routes });
  return { api, ...renderWithProviders(<KeysPage />, { route: '/employer/keys' }) };
}

describe('the API keys page', () => {
  it('lists the keys by name or prefix, when made and by whom, last use and revocation, and passes axe', async () => {
    const { container, api } = render();
    const table = await screen.findByRole('table', { name: 'API keys of Northwind Logistics Ltd' });
    expect(api.requests.at(-1)!.path).toBe('/api/employers/emp-north/keys');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Key', 'Created', 'Last used', 'Revoked', 'Action']);
    const sage = within(table).getByRole('row', { name: /Sage payroll/ });
    expect(sage).toHaveTextContent('pk_7Hq2a…');
    expect(sage).toHaveTextContent('5 January 2026, 09:00by Sam Admin (sam@northwind.example)');
    // British summer time: 13:05 UTC is 14:05 in London.
    expect(sage).toHaveTextContent('1 July 2026, 14:05');
    expect(within(sage).getByRole('button', { name: 'Revoke key Sage payroll (pk_7Hq2a…)' })).toBeInTheDocument();
    const old = within(table).getByRole('row', { name: /pk_0ld00/ });
    expect(old).toHaveTextContent('Never');
    expect(old).toHaveTextContent('1 December 2025, 10:00');
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Employer console' });
    expect(within(nav).getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(container);
  });

  it('creates a key: the secret shows once with a copy button and a warning, and is gone when dismissed', async () => {
    let keys = [SAGE];
    const created: EmployerApiKey = { ...SAGE, id: 'k2', prefix: 'pk_NEW12', name: 'Xero', lastUsedAt: null };
    const { api, user, container } = render({
      'GET /api/employers/:employerId/keys': () => ok({ keys }),
      'POST /api/employers/:employerId/keys': () => {
        keys = [created, SAGE];
        return ok({ key: created, secret: 'pk_NEW12-the-whole-secret-value' });
      },
    });
    const form = await screen.findByRole('region', { name: 'Create a key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name (optional)' }), 'Xero{Enter}');

    const panel = await screen.findByRole('region', { name: 'Your new key' });
    await waitFor(() => expect(panel).toHaveFocus());
    expect(panel).toHaveTextContent('Copy this key now. It will not be shown again');
    expect(within(panel).getByRole('textbox', { name: 'API key' })).toHaveValue('pk_NEW12-the-whole-secret-value');
    expect(api.requests.find((request) => request.method === 'POST')!.body).toEqual({ name: 'Xero' });
    await user.click(within(panel).getByRole('button', { name: 'Copy the key' }));
    expect(await within(panel).findByText('Copied.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('pk_NEW12-the-whole-secret-value');
    expect(await screen.findByRole('row', { name: /Xero/ })).toHaveTextContent('pk_NEW12…');
    await expectNoAxeViolations(container);

    await user.click(within(panel).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('region', { name: 'Your new key' })).not.toBeInTheDocument();
    expect(screen.queryByText(/the-whole-secret-value/)).not.toBeInTheDocument();
  });

  it('creates a key without a name, sending no name', async () => {
    const { api, user } = render({ 'POST /api/employers/:employerId/keys': ok({ key: { ...SAGE, name: null }, secret: 'pk_7Hq2a-x' }) });
    await user.click(await screen.findByRole('button', { name: 'Create a key' }));
    expect(await screen.findByRole('region', { name: 'Your new key' })).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')!.body).toEqual({});
  });

  it('refuses a name over 60 characters with a summary that takes focus, keeping the text', async () => {
    const { api, user } = render();
    const form = await screen.findByRole('region', { name: 'Create a key' });
    const name = within(form).getByRole('textbox', { name: 'Name (optional)' });
    await user.click(name);
    await user.paste('n'.repeat(61));
    await user.click(within(form).getByRole('button', { name: 'Create a key' }));
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(within(summary).getByRole('link', { name: 'The name must be 60 characters or fewer' }));
    expect(name).toHaveFocus();
    expect(name).toHaveValue('n'.repeat(61));
    expect(name).toHaveAccessibleDescription(/Error: The name must be 60 characters or fewer/);
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('revokes a key only after confirming, by keyboard', async () => {
    let keys = [SAGE];
    const { api, user } = render({
      'GET /api/employers/:employerId/keys': () => ok({ keys }),
      'DELETE /api/employers/:employerId/keys/:keyId': () => {
        keys = [{ ...SAGE, revokedAt: '2026-07-02T08:00:00Z' }];
        return ok({ revoked: true });
      },
    });
    const revoke = await screen.findByRole('button', { name: 'Revoke key Sage payroll (pk_7Hq2a…)' });
    revoke.focus();
    await user.keyboard('{Enter}');
    const confirm = screen.getByRole('region', { name: 'Revoke the key' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveTextContent('Revoke the key Sage payroll (pk_7Hq2a…)? Payroll software that uses it will be refused at once.');
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.tab();
    expect(within(confirm).getByRole('button', { name: 'Yes, revoke the key' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status', { name: 'Key revoked' })).toHaveTextContent('The employer API refuses Sage payroll (pk_7Hq2a…) from now on.');
    expect(api.requests.find((request) => request.method === 'DELETE')!.path).toBe('/api/employers/emp-north/keys/k1');
    const row = await screen.findByRole('row', { name: /Sage payroll/ });
    await waitFor(() => expect(row).toHaveTextContent('2 July 2026, 09:00'));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancelling a revocation sends nothing', async () => {
    const { api, user } = render();
    await user.click(await screen.findByRole('button', { name: /Revoke key Sage payroll/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Revoke the key' })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
  });

  it.each([
    [409, 'console.key_revoked', 'This key has been revoked already.'],
    [404, 'console.key_not_found', 'This key no longer exists.'],
  ] as const)('says why a revocation was refused (%s %s) and reloads the list', async (status, code, words) => {
    const { api, user } = render({ 'DELETE /api/employers/:employerId/keys/:keyId': consoleError(status, code) });
    await user.click(await screen.findByRole('button', { name: /Revoke key Sage payroll/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, revoke the key' }));
    expect(await screen.findByRole('alert', { name: 'The key was not revoked' })).toHaveTextContent(words);
    await waitFor(() => expect(api.requests.filter((request) => request.path.endsWith('/keys') && request.method === 'GET')).toHaveLength(2));
  });

  it('asks for the second step when the API does', async () => {
    render({ 'GET /api/employers/:employerId/keys': consoleError(403, 'console.second_step_required') });
    expect(await screen.findByRole('heading', { name: 'Sign in again with your authenticator app' })).toBeInTheDocument();
  });
});
