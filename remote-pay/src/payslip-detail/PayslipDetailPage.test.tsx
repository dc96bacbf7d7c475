import { screen, waitFor, within } from '@testing-library/react';
import Highcharts from 'highcharts';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, fileReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { EMPLOYMENT_ID, explainedPayslip, figuresIn, FILE_ROUTE, PAYSLIPS_ROUTE, payslips, USER_ID } from '../testing/payslip-fixtures';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { loadMessages } from '../exposed/PayslipDetailPage';
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

  it('links the latest payslip, and no other, to the estimate of the next one', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const latest = renderDetail('p-oct');
    await screen.findByRole('heading', { level: 1, name: '31 October 2026' });
    await latest.user.click(screen.getByRole('link', { name: 'Estimate your next payslip' }));
    expect(latest.router.state.location.pathname).toBe('/payslips/forecast');
    latest.unmount();
    renderDetail('p-sep');
    await screen.findByRole('heading', { level: 1, name: '30 September 2026' });
    expect(screen.queryByRole('link', { name: 'Estimate your next payslip' })).not.toBeInTheDocument();
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
      'Tax period': 'Month 6 (6 September 2026 to 5 October 2026)',
      'Tax code': '1097L',
      'National Insurance category': 'A',
    });
    // (A real browser opens a <details> with Enter or Space too: the journey checks that.)
    const summary = within(details).getByText('Tax code', { selector: 'summary > span' }).parentElement!;
    await user.click(summary);
    expect(within(details).getByText(/You can earn £10,970 this tax year before you pay Income Tax\./)).toBeVisible();
    expect(within(details).getByText(/Your tax-free amount is reduced: £1,600 less than the usual £12,570\./)).toBeVisible();
    expect(within(details).queryByText(/standard tax-free Personal Allowance/)).not.toBeInTheDocument();
    expect(within(details).queryByRole('status')).not.toBeInTheDocument();
  });

  it("links to HMRC's tax code checker beside the tax code, always shown", async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([explainedPayslip]) });
    renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    expect(within(details).getByRole('link', { name: 'Check your tax code with HMRC' })).toHaveAttribute(
      'href',
      'https://www.gov.uk/check-income-tax-current-year',
    );
  });

  it('gives the tax month its real dates', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([explainedPayslip]) });
    const { user } = renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    await user.click(within(details).getByText('Tax period', { selector: 'summary > span' }).parentElement!);
    expect(within(details).getByText(/this payslip belongs to: 6 September 2026 to 5 October 2026\. .*month 1 is 6 April to 5 May/)).toBeVisible();
  });

  it("names a weekly payslip's tax week, and explains week 53 at the end of a tax year", async () => {
    const week53 = { ...explainedPayslip, payDate: '2024-04-05', payFrequency: 'weekly' as const, taxPeriod: 53, taxCode: 'S1257L' };
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([week53]) });
    const { user } = renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    expect(figuresIn(details)).toMatchObject({
      'Pay period': 'Weekly pay, paid on 5 April 2024',
      'Tax period': 'Week 53 (4 April 2024 to 5 April 2024, the 53rd weekly pay day of the 2023 to 2024 tax year)',
    });
    await user.click(within(details).getByText('Tax period', { selector: 'summary > span' }).parentElement!);
    expect(within(details).getByText(/has an extra week\. The tax on it is worked out on its own/)).toBeVisible();
  });

  it("flags HMRC's emergency code and says what to do", async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([{ ...explainedPayslip, taxCode: '1257LX' }]) });
    renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    expect(figuresIn(details)['Tax code']).toBe('1257L X');
    const notice = within(details).getByRole('status');
    expect(notice).toHaveTextContent('1257L X is an emergency tax code');
    expect(notice).toHaveTextContent('Check your tax code with HMRC');
  });

  it("explains HMRC's non-cumulative code without calling it an emergency", async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([{ ...explainedPayslip, taxCode: '1097L M1' }]) });
    const { user } = renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    expect(within(details).queryByRole('status')).not.toBeInTheDocument();
    await user.click(within(details).getByText('Tax code', { selector: 'summary > span' }).parentElement!);
    expect(within(details).getByText(/worked out on each pay period alone \(non-cumulative\)/)).toBeVisible();
    expect(within(details).queryByText(/emergency/i)).not.toBeInTheDocument();
  });

  it('shows a code and letter it cannot read as published, with a plain note, and the rest of the page', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([{ ...explainedPayslip, taxCode: '1257Q M9', niCategory: 'G' }]) });
    renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    expect(figuresIn(details)['Tax code']).toBe('1257Q M9');
    expect(figuresIn(details)['National Insurance category']).toBe('G');
    expect(within(details).getByText("We can't explain this code; ask your payroll team.")).toBeVisible();
    expect(within(details).getByText("We can't explain this letter; ask your payroll team.")).toBeVisible();
    expect(within(details).getByRole('link', { name: 'Check your tax code with HMRC' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Deductions' })).toBeVisible();
  });

  it('explains the NI category letter', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([{ ...explainedPayslip, niCategory: 'M' }]) });
    const { user } = renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Pay details' });
    await user.click(within(details).getByText('National Insurance category', { selector: 'summary > span' }).parentElement!);
    expect(within(details).getByText(/Category M is for employees under 21/)).toBeVisible();
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
    // The payslip's taxable pay is its pay less the pension: a net pay arrangement.
    expect(within(pension).getByText(/taken before tax \(a net pay arrangement\)/)).toBeVisible();
    const loan = within(deductions).getAllByRole('group')[3]!;
    await user.click(loan.querySelector('summary')!);
    expect(within(loan).getByText(/9% of your pay above the threshold of your repayment plan/)).toBeVisible();
  });

  it('explains a loan by its plan, and does not say how a pension is taken when the payslip does not show it', async () => {
    const deductionsOf = [
      { name: 'Income Tax', amount: 495.2 },
      { name: 'National Insurance', amount: 49.04 },
      { name: 'Pension', amount: 177.83 },
      { name: 'Student Loan Plan 2', amount: 96 },
      { name: 'Postgraduate Loan', amount: 64 },
    ];
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([{ ...explainedPayslip, deductions: deductionsOf, taxablePay: null }]) });
    const { user } = renderDetail('p-explained');
    const deductions = await screen.findByRole('region', { name: 'Deductions' });
    for (const group of within(deductions).getAllByRole('group')) await user.click(group.querySelector('summary')!);
    expect(within(deductions).getByText(/This payslip does not say how your scheme takes it/)).toBeVisible();
    expect(within(deductions).getByText(/9% of your pay above the Plan 2 threshold/)).toBeVisible();
    expect(within(deductions).getByText(/6% of your pay above the Postgraduate Loan threshold/)).toBeVisible();
    expect(within(deductions).queryByText(/scheme or a subscription/)).not.toBeInTheDocument();
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

  it('says a move onto a month-1 code changed how tax is worked out, not the tax-free amount', async () => {
    const previous = { ...explainedPayslip, ID: 'p-before', payDate: '2026-08-28', taxCode: '1097L' };
    const current = {
      ...explainedPayslip,
      taxCode: '1097L M1',
      deductions: explainedPayslip.deductions.map((line) => (line.name === 'Income Tax' ? { ...line, amount: line.amount + 10 } : line)),
      totalDeductions: explainedPayslip.totalDeductions + 10,
      netPay: explainedPayslip.netPay - 10,
    };
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([current, previous]) });
    renderDetail('p-explained');
    const changes = await screen.findByRole('region', { name: 'What changed' });
    const items = within(within(changes).getByRole('list', { name: 'Changes, largest first' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Income Tax£10.00 less in your payYour tax code changed from 1097L to 1097L M1: the same tax-free amount; your tax is now worked out on each pay period alone (non-cumulative), not on your pay for the tax year so far.',
    ]);
    expect(changes).not.toHaveTextContent(/less of your pay is tax-free|ask your payroll team/);
  });

  it('tells the code’s effect from the pay’s when the API has worked the tax out again', async () => {
    const previous = { ...explainedPayslip, ID: 'p-before', payDate: '2026-08-28', taxCode: '1097L M1' };
    const current = {
      ...explainedPayslip,
      taxCode: '1097L',
      deductions: explainedPayslip.deductions.map((line) => (line.name === 'Income Tax' ? { ...line, amount: line.amount + 46.8 } : line)),
      totalDeductions: explainedPayslip.totalDeductions + 46.8,
      netPay: explainedPayslip.netPay - 46.8,
      taxChange: { previousPayslipId: 'p-before', codeEffectPence: 40, payEffectPence: 4_640, yearToDateEffectPence: 0, newTaxYear: false },
    };
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([current, previous]) });
    renderDetail('p-explained');
    const changes = await screen.findByRole('region', { name: 'What changed' });
    const items = within(within(changes).getByRole('list', { name: 'Changes, largest first' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      "Income Tax£46.80 less in your payWorked out again by HMRC's method: £46.40 more because of a change in your taxable pay; £0.40 more because your tax code changed from 1097L M1 to 1097L (the same tax-free amount; your tax is worked out on your pay for the tax year so far again, so tax paid too much or too little while it was worked out on each pay period alone is put right on this payslip).",
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
    expect(screen.getByText('This payslip is not in the list for the employer you chose.')).toBeInTheDocument();
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

describe('a payslip in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('speaks Welsh once its page module has loaded its texts: actions, summary, pay details, earnings, lines and neighbours', async () => {
    await activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([...payslips, explainedPayslip]) });
    const { container } = renderDetail('p-explained');

    expect(await screen.findByRole('heading', { level: 1, name: '30 Medi 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yn ôl' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gweld y slip cyflog' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Gweld yn eich porwr/ })).toBeInTheDocument();
    expect(Object.keys(figuresIn(screen.getByRole('region', { name: "Crynodeb o'r slip cyflog" })))).toEqual([
      'Cyflog net',
      'Dyddiad talu',
      'Cyflog gros',
      'Cyfanswm y didyniadau',
    ]);
    const details = screen.getByRole('region', { name: 'Manylion cyflog' });
    expect(Object.keys(figuresIn(details))).toEqual(expect.arrayContaining(['Cyfnod talu', 'Cyfnod treth', 'Cod treth']));
    expect(within(details).getByRole('link', { name: 'Gwiriwch eich cod treth gyda CThEF' })).toBeInTheDocument();
    expect(within(details).getAllByText('Beth yw hwn?').length).toBeGreaterThan(0);
    const earnings = screen.getByRole('region', { name: 'Enillion' });
    expect(within(earnings).getByText('(8 awr × £30.57)')).toBeInTheDocument();
    expect(within(earnings).getByText('Cyflog gros')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Didyniadau' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Arall' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Slipiau cyflog eraill' })).getByRole('link', { name: 'Y slip cyflog nesaf 28 Awst 2026' }),
    ).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('explains in Welsh: the pay and tax periods, the tax code, each line and what changed', async () => {
    await activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
    const previous = { ...explainedPayslip, ID: 'p-before', payDate: '2024-03-29', payFrequency: 'weekly' as const, taxPeriod: 52, taxCode: 'S1257L M1' };
    const week53 = {
      ...previous,
      ID: 'p-explained',
      payDate: '2024-04-05',
      taxPeriod: 53,
      taxCode: 'S1257L',
      deductions: explainedPayslip.deductions.map((line) => (line.name === 'Income Tax' ? { ...line, amount: line.amount + 46.8 } : line)),
      totalDeductions: explainedPayslip.totalDeductions + 46.8,
      netPay: explainedPayslip.netPay - 46.8,
      taxChange: { previousPayslipId: 'p-before', codeEffectPence: 40, payEffectPence: 4_640, yearToDateEffectPence: 0, newTaxYear: false },
    };
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([week53, previous]) });
    const { user, container } = renderDetail('p-explained');

    const details = await screen.findByRole('region', { name: 'Manylion cyflog' });
    expect(figuresIn(details)).toMatchObject({
      'Cyfnod talu': "Cyflog wythnosol, wedi'i dalu ar 5 Ebrill 2024",
      'Cyfnod treth': 'Wythnos 53 (4 Ebrill 2024 i 5 Ebrill 2024, diwrnod tâl wythnosol rhif 53 ym mlwyddyn dreth 2023 i 2024)',
    });
    await user.click(within(details).getByText('Cyfnod treth', { selector: 'summary > span' }).parentElement!);
    expect(within(details).getByText(/mae wythnos ychwanegol\. Caiff y dreth arni ei chyfrifo ar ei phen ei hun/)).toBeVisible();
    await user.click(within(details).getByText('Cod treth', { selector: 'summary > span' }).parentElement!);
    expect(
      within(details).getByText(/^Gallwch ennill £12,570 y flwyddyn dreth hon cyn i chi dalu Treth Incwm\..*cyfraddau Treth Incwm yr Alban/),
    ).toBeVisible();
    const earnings = screen.getByRole('region', { name: 'Enillion' });
    await user.click(within(earnings).getByText('Basic pay', { selector: 'summary > span' }).parentElement!);
    expect(within(earnings).getByText('Eich cyflog am y cyfnod talu hwn, cyn tynnu dim ohono.')).toBeVisible();

    const changes = screen.getByRole('region', { name: 'Beth sydd wedi newid' });
    expect(
      within(changes).getByText(
        /^O'i chyfrifo eto drwy ddull CThEF: £46\.40 yn fwy oherwydd newid yn eich cyflog trethadwy; £0\.40 yn fwy oherwydd bod eich cod treth wedi newid o S1257L M1 i S1257L \(yr un swm di-dreth; /,
      ),
    ).toBeInTheDocument();
    expect(changes).not.toHaveTextContent(/tax code|taxable pay|worked out/);
    await expectNoAxeViolations(container);
  });

  it('says in Welsh when it cannot explain a code or a letter', async () => {
    await activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([{ ...explainedPayslip, taxCode: '1257Q M9', niCategory: 'G' }]) });
    renderDetail('p-explained');
    const details = await screen.findByRole('region', { name: 'Manylion cyflog' });
    expect(within(details).getByText("Ni allwn esbonio'r cod hwn; gofynnwch i'ch tîm cyflogres.")).toBeVisible();
    expect(within(details).getByText("Ni allwn esbonio'r llythyren hon; gofynnwch i'ch tîm cyflogres.")).toBeVisible();
  });
});
