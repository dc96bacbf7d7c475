import { screen, waitFor, within } from '@testing-library/react';
import Highcharts from 'highcharts';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, fileReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { EMPLOYMENT_ID, figuresIn, FILE_ROUTE, PAYSLIPS_ROUTE, payslips, USER_ID } from '../testing/payslip-fixtures';
import PayslipDetailPage from './PayslipDetailPage';

jest.mock('highcharts', () => ({ __esModule: true, default: { chart: jest.fn(() => ({ destroy: jest.fn() })) } }));

const chart = jest.mocked(Highcharts.chart);

function renderDetail(id: string) {
  return renderWithProviders(<PayslipDetailPage />, {
    route: `/payslips/${id}`,
    path: '/payslips/:id',
    routes: [{ path: '/payslips', element: <p>Payslips list</p> }],
  });
}

function linesOf(title: string): string[][] {
  const section = screen.getByRole('region', { name: title });
  return Object.entries(figuresIn(section));
}

let errorLog: jest.SpyInstance;

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
  chart.mockImplementation((() => ({ destroy: jest.fn() })) as unknown as typeof Highcharts.chart);
});

describe('Payslip detail', () => {
  it('has a Back link to /payslips and the pay date as its heading', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { user, router } = renderDetail('p-oct');
    expect(await screen.findByRole('heading', { level: 1, name: '31 October 2026' })).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/payslips');
  });

  it('shows the card: net pay, ring chart, pay date, gross pay and total deductions', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-oct');
    const card = await screen.findByRole('region', { name: 'Payslip summary' });
    expect(figuresIn(card)).toEqual({
      'Net pay': '£1,234.56',
      'Pay date': '31 October 2026',
      'Gross pay': '£1,650.00',
      'Total deductions': '£415.44',
    });
    expect(within(card).getByRole('img', { name: 'Net pay £1,234.56 of gross pay £1,650.00; deductions £415.44' })).toBeInTheDocument();
    await waitFor(() => expect(chart).toHaveBeenCalledTimes(1));
  });

  it('lists Income Tax and National Insurance always, other deductions only above 0, and the Other lines', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-sep');
    await screen.findByRole('heading', { level: 1, name: '30 September 2026' });
    expect(linesOf('Deductions')).toEqual([
      ['Income Tax', '£0.00'],
      ['National Insurance', '£0.00'],
      ['Student Loan', '£598.90'],
    ]);
    expect(linesOf('Other')).toEqual([['Holiday pay', '£120.50']]);
  });

  it('says so when there are no Other lines', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-aug');
    const other = await screen.findByRole('region', { name: 'Other' });
    expect(other).toHaveTextContent('Nothing else on this payslip.');
  });

  it('labels previous and next with their pay dates, and steps through them', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { user, router } = renderDetail('p-sep');
    const nav = await screen.findByRole('navigation', { name: 'Other payslips' });
    expect(within(nav).getByRole('link', { name: 'Previous payslip 28 August 2026' })).toHaveAttribute('href', '/payslips/p-aug');
    expect(within(nav).getByRole('link', { name: 'Next payslip 31 October 2026' })).toHaveAttribute('href', '/payslips/p-oct');

    await user.click(within(nav).getByRole('link', { name: /Next payslip/ }));
    expect(router.state.location.pathname).toBe('/payslips/p-oct');
    expect(await screen.findByRole('heading', { level: 1, name: '31 October 2026' })).toHaveFocus();
  });

  it('has no next payslip at the newest end of the list', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-oct');
    const nav = await screen.findByRole('navigation', { name: 'Other payslips' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['‹ Previous payslip 30 September 2026']);
    expect(within(nav).queryByRole('link', { name: /Next payslip/ })).not.toBeInTheDocument();
  });

  it('has no previous payslip at the oldest end of the list', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-aug');
    const nav = await screen.findByRole('navigation', { name: 'Other payslips' });
    expect(within(nav).queryByRole('link', { name: /Previous payslip/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Next payslip 30 September 2026' })).toBeInTheDocument();
  });

  it("'View payslip' downloads the payslip's PDF and saves it as Payslip.pdf", async () => {
    const api = mockApi({
      [PAYSLIPS_ROUTE]: envelopeReply(payslips),
      [FILE_ROUTE]: fileReply('payslip-2026-10-31.pdf'),
    });
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderDetail('p-oct');
    await user.click(await screen.findByRole('button', { name: 'View payslip' }));
    await waitFor(() => expect(saved).toEqual(['Payslip.pdf']));
    expect(api.requests.at(-1)?.path).toBe(`/api/users/${USER_ID}/file/p-oct/employment/${EMPLOYMENT_ID}`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a dismissible 'Error loading payslip' banner when the download fails", async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [FILE_ROUTE]: errorReply(404, 'Not found') });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderDetail('p-oct');
    await user.click(await screen.findByRole('button', { name: 'View payslip' }));
    const banner = await screen.findByRole('alert', { name: 'Error loading payslip' });
    expect(click).not.toHaveBeenCalled();
    expect(errorLog).toHaveBeenCalledWith('Downloading the payslip failed.', expect.anything());
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the payslip is not in the list', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-unknown');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payslip not found' })).toBeInTheDocument();
    expect(screen.getByText('This payslip is not in the list for the employment you chose.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View payslip' })).not.toBeInTheDocument();
  });

  it('logs a failed list load and says so plainly', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: errorReply(500, 'Server error') });
    renderDetail('p-oct');
    expect(await screen.findByRole('alert', { name: 'Your payslip could not be loaded' })).toHaveTextContent('Server error');
    expect(errorLog).toHaveBeenCalledWith('Loading the payslips failed.', expect.anything());
  });
});
