// One cached payslip list for Home, the payslips list and the payslip detail (the client data
// layer of docs/architecture.md): moving between them asks the server for it once.
import { act, screen } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import HomePage from '../home/HomePage';
import PayslipDetailPage from '../payslip-detail/PayslipDetailPage';
import PayslipsPage from '../payslips/PayslipsPage';
import { EMPLOYMENT_ID, PAYSLIPS_ROUTE, payslips, UPDATES_ROUTE, USER_ID } from '../testing/payslip-fixtures';

jest.mock('highcharts', () => ({ __esModule: true, default: { chart: jest.fn(() => ({ destroy: jest.fn() })) } }));

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
});

function renderPayPages(route = '/') {
  return renderWithProviders(<HomePage />, {
    route,
    path: '/',
    routes: [
      { path: '/payslips', element: <PayslipsPage /> },
      { path: '/payslips/:id', element: <PayslipDetailPage /> },
    ],
  });
}

const payslipRequests = (requests: { path: string }[]) => requests.filter((request) => request.path.endsWith('/payslips'));

describe('the payslip list, shared by Home, Payslips and the detail', () => {
  it('is asked for once while moving Home → detail → list → detail → Home', async () => {
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply([]) });
    const { user, router } = renderPayPages();

    await user.click(screen.getByRole('button', { name: 'Show' }));
    await user.click(await screen.findByRole('link', { name: 'View more details' }));
    expect(await screen.findByRole('heading', { level: 1, name: '31 October 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click(await screen.findByRole('link', { name: '30 September 2026' }));
    expect(await screen.findByRole('heading', { level: 1, name: '30 September 2026' })).toBeInTheDocument();

    await act(() => router.navigate('/'));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('link', { name: 'View more details' })).toBeInTheDocument();

    expect(payslipRequests(api.requests)).toHaveLength(1);
  });

  it('is asked for again for another employment or another user: the key holds both', async () => {
    // (Leaving a page while its list loads cancels the request, as spec section 4 wants; the next
    // page then asks again. Here each list has arrived before the next change.)
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [UPDATES_ROUTE]: envelopeReply([]) });
    renderPayPages('/payslips');
    await screen.findByRole('table');

    act(() => arrangeHostState({ employmentId: 'emp-2' }));
    await screen.findByRole('table');
    act(() => arrangeHostState({ userId: 'user-2' }));
    await screen.findByRole('table');

    expect(payslipRequests(api.requests).map((request) => request.path)).toEqual([
      `/api/users/${USER_ID}/employments/${EMPLOYMENT_ID}/payslips`,
      `/api/users/${USER_ID}/employments/emp-2/payslips`,
      '/api/users/user-2/employments/emp-2/payslips',
    ]);
  });
});
