import { screen, waitFor, within } from '@testing-library/react';
import Highcharts from 'highcharts';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, fileReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { EMPLOYMENT_ID, explainedPayslip, figuresIn, FILE_ROUTE, PAYSLIPS_ROUTE, payslips, USER_ID } from '../testing/payslip-fixtures';
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

  it('explains the payslip: employer, periods, tax code and NI category, each with what it means', async () => {
    arrangeHostState({
      authorisedUser: {
        userID: USER_ID,
        email: 'alex.morgan@example.com',
        privacyPolicyAccepted: true,
        employments: [{ ID: EMPLOYMENT_ID, name: 'Northwind Logistics Ltd', active: true, endDate: null }],
      },
    });
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([explainedPayslip, ...payslips]) });
    const { user } = renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    expect(figuresIn(details)).toEqual({
      Employer: 'Northwind Logistics Ltd',
      'Pay period': 'September 2026',
      'Tax period': 'Month 6',
      'Tax code': '1097L',
      'National Insurance category': 'A',
    });
    // (A real browser opens a <details> with Enter or Space too: the journey checks that.)
    const summary = within(details).getByText('Tax code', { selector: 'summary > span' }).parentElement!;
    await user.click(summary);
    expect(within(details).getByText(/You can earn £10,970 this tax year before you pay Income Tax\./)).toBeVisible();
    expect(within(details).queryByRole('status')).not.toBeInTheDocument();
  });

  it('flags an emergency tax code and says what to do', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([{ ...explainedPayslip, taxCode: '1097L M1' }]) });
    renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    const notice = within(details).getByRole('status');
    expect(notice).toHaveTextContent('1097L M1 is an emergency tax code');
    expect(notice).toHaveTextContent('Check your tax code with HMRC');
  });

  it('lists the earnings that add up to gross pay, with hours and rate', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([explainedPayslip]) });
    renderDetail('p-explained');
    expect(figuresIn(await screen.findByRole('region', { name: 'Earnings' }))).toEqual({
      'Basic pay': '£3,312.00',
      'Overtime (8 hours × £30.57)': '£244.56',
      'Gross pay': '£3,556.56',
    });
  });

  it('has a What is this? for each deduction', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([explainedPayslip]) });
    const { user } = renderDetail('p-explained');
    const deductions = await screen.findByRole('region', { name: 'Deductions' });
    const names = within(deductions)
      .getAllByRole('group')
      .map((group) => group.querySelector('summary')!.textContent);
    expect(names).toEqual(['What is this? Income Tax', 'What is this? National Insurance', 'What is this? Pension', 'What is this? Student Loan']);
    const pension = within(deductions).getAllByRole('group')[2]!;
    await user.click(pension.querySelector('summary')!);
    expect(within(pension).getByText(/taken before tax/)).toBeVisible();
  });

  it('shows no tax code, NI category or earnings for a payslip published without them', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-oct');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    expect(Object.keys(figuresIn(details))).toEqual(['Pay period']);
    expect(screen.queryByRole('region', { name: 'Earnings' })).not.toBeInTheDocument();
  });

  it('says what changed since the payslip before, largest effect first, with the reasons', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-sep');
    const changes = await screen.findByRole('region', { name: 'What changed' });
    expect(changes).toHaveTextContent('Your net pay is £1,013.45 more than on your payslip of 28 August 2026.');
    const items = within(within(changes).getByRole('list', { name: 'Changes, largest first' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Pay before deductions£1,400.00 more in your payPay before deductions was £1,400.00 more than last month.',
      'Student Loan£598.90 less in your payYour pay went over the student loan repayment threshold this month, so a repayment was taken.',
      'Income Tax£150.00 more in your payIncome Tax was £150.00 less although your pay before deductions was more: ask your payroll team if you are unsure why.',
      'National Insurance£62.35 more in your payNational Insurance was £62.35 less although your pay before deductions was more: ask your payroll team if you are unsure why.',
    ]);
  });

  it('has nothing to compare on the oldest payslip', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-aug');
    await screen.findByRole('heading', { level: 1, name: '28 August 2026' });
    expect(screen.queryByRole('region', { name: 'What changed' })).not.toBeInTheDocument();
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
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['‹ Previous payslip 30 September 2026']);
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

  it("offers 'View in browser' beside 'View payslip': the payslip's PDF inline, in a new tab", async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderDetail('p-oct');
    const link = await screen.findByRole('link', { name: 'View in browser (opens in a new tab)' });
    expect(link).toHaveAttribute('href', `/api/users/${USER_ID}/file/p-oct/employment/${EMPLOYMENT_ID}?disposition=inline`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'View payslip' })).toBeEnabled();
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
    expect(await screen.findByRole('alert', { name: 'Your payslip could not be loaded' })).toHaveTextContent(
      'Sorry, there is a problem with the service. Try again later.',
    );
    expect(errorLog).toHaveBeenCalledWith('Loading the payslips failed.', expect.anything());
  });
});
