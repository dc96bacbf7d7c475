import { act, screen, waitFor, within } from '@testing-library/react';
import { actAsHost, arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi, type MockApiRequest } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { ACCESS, BRIGHTWATER, CASEY, JORDAN, NORTHWIND, ROBIN, consoleError, ok, row } from '../testing/console-api';
import EmployeesPage from './EmployeesPage';

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1', roles: ['employer-admin'] } });
});

const employeesOf =
  (rows = [CASEY, ROBIN, JORDAN], total = rows.length) =>
  (request: MockApiRequest) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const page = Number(query.get('page') ?? 1);
    return ok({ employees: rows, total, page, pageSize: Number(query.get('pageSize') ?? 50) });
  };

const queryOf = (request: MockApiRequest) => Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''));

function render() {
  return renderWithProviders(<EmployeesPage />, { route: '/employer', routes: [{ path: '/employer/employees/:id', element: <p>Record page</p> }] });
}

describe('the employees page', () => {
  it('shows the console frame, the employer and the table in plain words, and passes axe', async () => {
    mockApi({ 'GET /api/employer-console': ACCESS, 'GET /api/employers/:employerId/employees': employeesOf() });
    const { container } = render();
    expect(screen.getByRole('heading', { level: 1, name: 'Employer console' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Employees' });
    expect(screen.getByText('Northwind Logistics Ltd')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Employer console' });
    expect(within(nav).getByRole('link', { name: 'Employees' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Publish' })).toHaveAttribute('href', '/employer/publish');
    expect(within(nav).getByRole('link', { name: 'Updates' })).toHaveAttribute('href', '/employer/updates');
    expect(within(nav).getByRole('link', { name: 'Questions' })).toHaveAttribute('href', '/employer/questions');
    expect(within(nav).getByRole('link', { name: 'API keys' })).toHaveAttribute('href', '/employer/keys');
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/employer/audit');
    expect(within(nav).getByRole('link', { name: 'Admins' })).toHaveAttribute('href', '/employer/admins');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Selected', 'Name ▲', 'Employee ID', 'State', 'Contact', 'Started']);
    const jordan = within(table).getByRole('row', { name: /Jordan Patel/ });
    expect(within(jordan).getByText('Locked')).toBeInTheDocument();
    expect(within(jordan).getByText('1 April 2024')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Casey Lewis' })).toHaveAttribute('href', '/employer/employees/r1');
    const robin = within(table).getByRole('row', { name: /Robin Hughes/ });
    expect(within(robin).getByText('No mobile number: cannot be invited by text')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Casey Lewis/ })).toHaveTextContent('07••• •••123');
    await expectNoAxeViolations(container);
  });

  it('searches on the server once typing pauses, filters by state and sorts by the column headers', async () => {
    const api = mockApi({ 'GET /api/employer-console': ACCESS, 'GET /api/employers/:employerId/employees': employeesOf() });
    const { user } = render();
    await screen.findByRole('table', { name: 'Employees' });
    expect(queryOf(api.requests.at(-1)!)).toEqual({ sort: 'name', order: 'asc', page: '1', pageSize: '50' });

    await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'case');
    await waitFor(() => expect(queryOf(api.requests.at(-1)!)).toMatchObject({ q: 'case' }));
    // One request for the whole word, not one per key.
    expect(api.requests.filter((request) => request.url.includes('q=')).map((request) => queryOf(request).q)).toEqual(['case']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Not invited');
    await waitFor(() => expect(queryOf(api.requests.at(-1)!)).toMatchObject({ q: 'case', state: 'not_invited' }));

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(nameHeader).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(queryOf(api.requests.at(-1)!)).toMatchObject({ sort: 'name', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    // By keyboard: Tab to the Started header's button, Enter sorts by it.
    const started = within(screen.getByRole('columnheader', { name: /Started/ })).getByRole('button');
    started.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(queryOf(api.requests.at(-1)!)).toMatchObject({ sort: 'startDate', order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /Started/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Name/ })).not.toHaveAttribute('aria-sort');
  });

  it('pages through the records', async () => {
    const many = Array.from({ length: 50 }, (_, index) => row({ id: `p${index + 1}`, name: `Person ${index + 1}` }));
    const api = mockApi({ 'GET /api/employer-console': ACCESS, 'GET /api/employers/:employerId/employees': employeesOf(many, 120) });
    const { user } = render();
    expect(await screen.findByText('Showing 1 to 50 of 120 employees. Page 1 of 3.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 51 to 100 of 120 employees. Page 2 of 3.')).toBeInTheDocument();
    expect(queryOf(api.requests.at(-1)!)).toMatchObject({ page: '2' });
  });

  it('invites the selected by text and sums up who was invited and who was skipped, with the reason in words', async () => {
    const api = mockApi({
      'GET /api/employer-console': ACCESS,
      'GET /api/employers/:employerId/employees': employeesOf(),
      'POST /api/employers/:employerId/invitations': ok({ invited: ['r1'], skipped: [{ id: 'r2', reason: 'no_mobile' }] }),
    });
    const { user } = render();
    await screen.findByRole('table', { name: 'Employees' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Casey Lewis' }));
    // By keyboard: Space ticks the focused box.
    screen.getByRole('checkbox', { name: 'Select Robin Hughes' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText('2 employees selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite by text' }));

    const summary = await screen.findByRole('status', { name: 'Invited 1 employee by text message' });
    expect(within(summary).getByText('Not invited: 1 employee.')).toBeInTheDocument();
    expect(within(summary).getByText('No mobile number: cannot be invited by text (Robin Hughes)')).toBeInTheDocument();
    const post = api.requests.find((request) => request.method === 'POST')!;
    expect(post.path).toBe('/api/employers/emp-north/invitations');
    expect(post.body).toEqual({ channel: 'sms', employmentIds: ['r1', 'r2'] });
    expect(screen.getByRole('checkbox', { name: 'Select Casey Lewis' })).not.toBeChecked();
  });

  it('selects all on this page, and says to select someone first when nobody is', async () => {
    const api = mockApi({
      'GET /api/employer-console': ACCESS,
      'GET /api/employers/:employerId/employees': employeesOf(),
      'POST /api/employers/:employerId/invitations': ok({ invited: ['r1', 'r2'], skipped: [{ id: 'r3', reason: 'locked' }] }),
    });
    const { user } = render();
    await screen.findByRole('table', { name: 'Employees' });
    await user.click(screen.getByRole('button', { name: 'Invite by email' }));
    expect(screen.getByRole('alert', { name: 'Select who to invite' })).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getAllByRole('checkbox', { name: /^Select [A-Z]/ }).every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(screen.queryByRole('alert', { name: 'Select who to invite' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite by email' }));
    expect(await screen.findByRole('status', { name: 'Invited 2 employees by email' })).toHaveTextContent('Record is locked: unlock it first (Jordan Patel)');
    expect(api.requests.find((request) => request.method === 'POST')!.body).toEqual({ channel: 'email', employmentIds: ['r1', 'r2', 'r3'] });
  });

  it('invites everyone not yet linked after a confirmation naming how many', async () => {
    const api = mockApi({
      'GET /api/employer-console': ACCESS,
      'GET /api/employers/:employerId/employees': (request) =>
        queryOf(request).state === 'not_invited' ? ok({ employees: [CASEY], total: 12, page: 1, pageSize: 1 }) : employeesOf()(request),
      'POST /api/employers/:employerId/invitations': ok({ invited: Array.from({ length: 12 }, (_, index) => `x${index}`), skipped: [] }),
    });
    const { user } = render();
    await screen.findByRole('table', { name: 'Employees' });
    await user.click(screen.getByRole('button', { name: 'Invite everyone not yet linked' }));
    const panel = await screen.findByRole('region', { name: 'Invite everyone not yet linked' });
    expect(await within(panel).findByText(/This invites the 12 employees who have not been invited yet/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: 'By text message' }));
    await user.click(within(panel).getByRole('button', { name: 'Invite 12 employees by text message' }));
    expect(await screen.findByRole('status', { name: 'Invited 12 employees by text message' })).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')!.body).toEqual({ channel: 'sms', everyoneNotLinked: true });
    expect(screen.queryByRole('region', { name: 'Invite everyone not yet linked' })).not.toBeInTheDocument();
  });

  it('offers a picker to an admin of several employers, and shows the one chosen', async () => {
    const api = mockApi({
      'GET /api/employer-console': ok({ employers: [NORTHWIND, BRIGHTWATER], secondStep: true }),
      'GET /api/employers/:employerId/employees': employeesOf(),
    });
    const { user } = render();
    await screen.findByRole('table', { name: 'Employees' });
    expect(api.requests.at(-1)!.path).toBe('/api/employers/emp-north/employees');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Employer' }), 'Brightwater Foods plc');
    await waitFor(() => expect(api.requests.at(-1)!.path).toBe('/api/employers/emp-bright/employees'));
  });

  it('explains the second step when the session has not passed it, and signs in again from its button', async () => {
    const signOut = jest.fn();
    actAsHost({ signOut });
    const api = mockApi({ 'GET /api/employer-console': ok({ employers: [NORTHWIND], secondStep: false }) });
    const { user, container } = render();
    const panel = await screen.findByRole('region', { name: 'Sign in again with your authenticator app' });
    expect(api.requests.map((request) => request.path)).toEqual(['/api/employer-console']);
    await user.click(within(panel).getByRole('button', { name: 'Sign in again' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('shows the same panel when the API asks for the second step', async () => {
    mockApi({
      'GET /api/employer-console': ACCESS,
      'GET /api/employers/:employerId/employees': consoleError(403, 'console.second_step_required'),
    });
    render();
    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
  });

  it('says so to an account that administers no employer', async () => {
    mockApi({ 'GET /api/employer-console': ok({ employers: [], secondStep: true }) });
    render();
    expect(await screen.findByRole('status', { name: 'You are not an admin of any employer' })).toBeInTheDocument();
  });

  it('says what failed and asks again from Try again', async () => {
    let fail = true;
    mockApi({
      'GET /api/employer-console': ACCESS,
      'GET /api/employers/:employerId/employees': (request) =>
        fail ? { status: 500, body: { status: 500, error: 'boom', data: null } } : employeesOf()(request),
    });
    const { user } = render();
    const alert = await screen.findByRole('alert', { name: 'The employees could not be loaded' });
    expect(alert).toHaveTextContent('Sorry, there is a problem with the service. Try again later.');
    fail = false;
    await act(() => user.click(within(alert).getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('table', { name: 'Employees' })).toBeInTheDocument();
  });
});
