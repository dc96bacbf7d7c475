import { screen, waitFor, within } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { ACCESS, ok } from '../testing/console-api';
import AdminsPage from './AdminsPage';

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1', roles: ['employer-admin'] } });
});

describe('the admins page', () => {
  it('lists the admins and invitations, and invites one more after checking the address', async () => {
    let invitations: { email: string; sentAt: string; expiresAt: string }[] = [];
    const api = mockApi({
      'GET /api/employer-console': ACCESS,
      'GET /api/employers/:employerId/admins': () =>
        ok({ admins: [{ name: 'Sam Admin', email: 'sam@northwind.example', since: '2026-01-02T10:00:00Z' }], invitations }),
      'POST /api/employers/:employerId/admins': (request) => {
        invitations = [{ email: (request.body as { email: string }).email, sentAt: '2026-03-05T10:00:00Z', expiresAt: '2026-03-19T10:00:00Z' }];
        return ok({ invited: true });
      },
    });
    const { user, container } = renderWithProviders(<AdminsPage />, { route: '/employer/admins' });
    const admins = await screen.findByRole('table', { name: 'Admins of Northwind Logistics Ltd' });
    expect(within(admins).getByRole('row', { name: /Sam Admin/ })).toHaveTextContent('2 January 2026, 10:00');
    expect(screen.getByText('No invitations are waiting.')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    const form = screen.getByRole('region', { name: 'Invite an admin' });
    const email = within(form).getByRole('textbox', { name: 'Email address' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Enter the email address of the person to invite' })).toBeInTheDocument();

    await user.type(email, 'alex.example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('link', { name: 'Enter an email address in the right format, like name@example.com' })).toBeInTheDocument();
    expect(email).toHaveValue('alex.example.com');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(email);
    await user.type(email, 'alex@northwind.example{Enter}');
    expect(await within(form).findByRole('status', { name: 'We have sent an invitation to alex@northwind.example' })).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')!.body).toEqual({ email: 'alex@northwind.example' });
    const waiting = await screen.findByRole('table', { name: 'Invitations waiting' });
    expect(within(waiting).getByRole('row', { name: /alex@northwind.example/ })).toHaveTextContent('19 March 2026, 10:00');
  });
});
