import { screen, within } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi, type MockApiRequest } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { ACCESS, ok } from '../testing/console-api';
import AuditLogPage from './AuditLogPage';

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  setTestRuntimeConfig({ apiBaseUrl: 'https://api.example.com' });
  arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1', roles: ['employer-admin'] } });
});

const entry = (id: string, at: string, action: string, records: string[]) => ({
  id,
  at,
  actor: { name: 'Sam Admin', email: 'sam@northwind.example' },
  action,
  records,
  detail: `Detail ${id}`,
  address: '203.0.113.7',
});

const audit = (request: MockApiRequest) =>
  request.url.includes('before=c2')
    ? ok({ entries: [entry('a3', '2026-01-10T08:00:00Z', 'unlock', ['E0003'])], next: null })
    : ok({
        entries: [entry('a1', '2026-03-05T12:30:00Z', 'invite', ['E0001', 'E0002']), entry('a2', '2026-03-04T09:00:00Z', 'admin_invited', [])],
        next: 'c2',
      });

describe('the audit log', () => {
  it('shows the entries in a table, loads more by its cursor, and links the CSV; passes axe', async () => {
    const api = mockApi({ 'GET /api/employer-console': ACCESS, 'GET /api/employers/:employerId/audit': audit });
    const { user, container } = renderWithProviders(<AuditLogPage />, { route: '/employer/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Admin', 'Action', 'Records', 'Detail', 'Address']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('5 March 2026, 12:30');
    expect(first).toHaveTextContent('Sam Admin');
    expect(first).toHaveTextContent('Invited employees');
    expect(first).toHaveTextContent('E0001, E0002');
    expect(first).toHaveTextContent('203.0.113.7');
    expect(within(screen.getByRole('navigation', { name: 'Employer console' })).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', 'https://api.example.com/api/employers/emp-north/audit.csv');
    await expectNoAxeViolations(container);

    // By keyboard.
    screen.getByRole('button', { name: 'Load more' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(table).findByText('Unlocked a record')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(api.requests.at(-1)!.url).toBe('/api/employers/emp-north/audit?before=c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
