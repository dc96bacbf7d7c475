import { screen, waitFor, within } from '@testing-library/react';
import Highcharts from 'highcharts';
import type { PayDocument, Payslip } from '@portal/shared/api/types';
import { activateLanguage } from '@portal/shared/i18n';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { aPayslip, payslipDeductions, withoutPayslipDetails } from '@portal/shared/testing/payslips';
import { EMPLOYMENT_ID, figuresIn, PAYSLIPS_ROUTE, USER_ID } from '../testing/payslip-fixtures';
import { loadMessages } from '../exposed/TaxYearPage';
import TaxYearPage from './TaxYearPage';

jest.mock('highcharts', () => ({ __esModule: true, default: { chart: jest.fn(() => ({ destroy: jest.fn() })), setOptions: jest.fn() } }));

const DOCUMENTS_ROUTE = 'GET /api/users/:userId/employments/:employmentId/documents';

const yearToDate = { grossPay: 38_400, taxablePay: 36_480, incomeTax: 5_285, nationalInsurance: 2_143.73, pension: 1_920, studentLoan: 976, netPay: 28_075.27 };

const slip = (ID: string, payDate: string, grossPay: number, incomeTax: number, nationalInsurance: number, pension: number, extra: Partial<Payslip> = {}) =>
  aPayslip({ ...withoutPayslipDetails, ID, payDate, grossPay, deductions: payslipDeductions({ incomeTax, nationalInsurance, pension }), ...extra });

const payslips: Payslip[] = [
  slip('may-26', '2026-05-29', 3312, 446.2, 181.12, 165.6),
  slip('apr-26', '2026-04-30', 3312, 446.4, 181.12, 165.6),
  slip('mar-26', '2026-03-31', 3200, 430.2, 172.16, 160, { taxPeriod: 12, yearToDate }),
  slip('feb-26', '2026-02-27', 3377.24, 466, 186.34, 168.86, { taxPeriod: 11 }),
];

const p60 = (figures: PayDocument['figures']): PayDocument => ({ ID: 'p60-2526', fileType: 'P60', taxYear: '2025/26', filename: 'P60-2025-26.pdf', figures });
const agreeing = { finalTaxCode: '1097L', pay: 36_480, incomeTax: 5_285, nationalInsurance: 2_143.73, studentLoan: 976 };

function renderTaxYear(route = '/tax-year') {
  return renderWithProviders(<TaxYearPage />, { route, path: '/tax-year' });
}

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
  jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-23T12:00:00Z'));
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Tax year', () => {
  it('opens on the newest tax year: its totals so far, the months, and no P60 yet', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [DOCUMENTS_ROUTE]: envelopeReply([]) });
    renderTaxYear();
    expect(screen.getByRole('heading', { level: 1, name: 'Tax year' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Tax year' })).toHaveDisplayValue('2026/27 (6 April 2026 to 5 April 2027)');
    const totals = screen.getByRole('region', { name: '2026/27 so far' });
    expect(totals).toHaveTextContent('The 2 payslips of this tax year added up.');
    expect(within(totals).getByRole('link', { name: 'Estimate your next payslip and this tax year’s total' })).toHaveAttribute('href', '/payslips/forecast');
    expect(figuresIn(totals)).toEqual({
      'Gross pay': '£6,624.00',
      'Taxable pay': '£6,292.80',
      'Income Tax': '£892.60',
      'National Insurance': '£362.24',
      Pension: '£331.20',
      'Student loan': '£0.00',
      'Net pay': '£5,037.96',
    });
    const months = screen.getByRole('region', { name: 'Month by month' });
    const rows = within(within(months).getByRole('table'))
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Pay date', 'Gross pay', 'Income Tax', 'National Insurance', 'Pension', 'Student loan', 'Net pay'],
      ['30 April 2026', '£3,312.00', '£446.40', '£181.12', '£165.60', '£0.00', '£2,518.88'],
      ['29 May 2026', '£3,312.00', '£446.20', '£181.12', '£165.60', '£0.00', '£2,519.08'],
    ]);
    await waitFor(() => expect(jest.mocked(Highcharts.chart)).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('tax-year-chart')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('region', { name: 'Check against your P60' })).toHaveTextContent(
      'A P60 comes after the tax year ends on 5 April 2027; the portal checks it then.',
    );
  });

  it('names the tax week of a weekly payslip its year-to-date figures come from', async () => {
    const weekly = payslips.map((p) => (p.payDate === '2026-03-31' ? { ...p, payFrequency: 'weekly' as const, taxPeriod: 52 } : p));
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(weekly), [DOCUMENTS_ROUTE]: envelopeReply([p60(agreeing)]) });
    const { user } = renderTaxYear();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tax year' }), '2025/26 (6 April 2025 to 5 April 2026)');
    expect(screen.getByRole('region', { name: '2025/26 in total' })).toHaveTextContent(
      'Year-to-date figures from your payslip of 31 March 2026 (tax week 52).',
    );
  });

  it('shows a finished year from its year-to-date figures and says it agrees with the P60', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [DOCUMENTS_ROUTE]: envelopeReply([p60(agreeing)]) });
    const { user, router } = renderTaxYear();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tax year' }), '2025/26 (6 April 2025 to 5 April 2026)');
    expect(router.state.location.search).toBe('?year=2025-26');
    const totals = screen.getByRole('region', { name: '2025/26 in total' });
    expect(within(totals).queryByRole('link', { name: /Estimate your next payslip/ })).not.toBeInTheDocument();
    expect(totals).toHaveTextContent('Year-to-date figures from your payslip of 31 March 2026 (tax month 12).');
    expect(figuresIn(totals)).toMatchObject({ 'Gross pay': '£38,400.00', 'Income Tax': '£5,285.00', 'Student loan': '£976.00', 'Net pay': '£28,075.27' });
    expect(await screen.findByText('Your payslips agree with your P60 for 2025/26: pay, Income Tax, National Insurance and student loan.')).toBeInTheDocument();
  });

  it('shows each figure that differs from the P60', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [DOCUMENTS_ROUTE]: envelopeReply([p60({ ...agreeing, incomeTax: 5_300 })]) });
    renderTaxYear('/tax-year?year=2025-26');
    const check = await screen.findByRole('region', { name: 'Check against your P60' });
    await within(check).findByText(/do not agree/);
    expect(
      within(check)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Income Tax: £5,285.00 on your payslips, £5,300.00 on your P60 (£15.00 less on your payslips).']);
  });

  it('says when a finished year has no P60, and when the P60s cannot be loaded', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [DOCUMENTS_ROUTE]: envelopeReply([]) });
    const { unmount } = renderTaxYear('/tax-year?year=2025-26');
    expect(await screen.findByText(/There is no P60 for 2025\/26 in the portal/)).toBeInTheDocument();
    unmount();
    resetStores();
    arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [DOCUMENTS_ROUTE]: errorReply(500, 'Internal Server Error') });
    renderTaxYear('/tax-year?year=2025-26');
    expect(await screen.findByText('We could not load your P60s, so this year could not be checked. Try again later.')).toBeInTheDocument();
  });

  it('falls back to the newest year for an address naming a year without payslips', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [DOCUMENTS_ROUTE]: envelopeReply([]) });
    renderTaxYear('/tax-year?year=2019-20');
    expect(await screen.findByRole('region', { name: '2026/27 so far' })).toBeInTheDocument();
  });

  it('says when there are no payslips, and when they could not be loaded', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([]), [DOCUMENTS_ROUTE]: envelopeReply([]) });
    const { unmount } = renderTaxYear();
    expect(await screen.findByText('There are no payslips from this employer yet.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    unmount();
    resetStores();
    arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
    mockApi({ [PAYSLIPS_ROUTE]: errorReply(500, 'Internal Server Error'), [DOCUMENTS_ROUTE]: envelopeReply([]) });
    renderTaxYear();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payslips could not be loaded');
  });

  it('names each figure of a month by its column, for a row shown as a card on a phone, and is axe clean', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [DOCUMENTS_ROUTE]: envelopeReply([]) });
    const { container } = renderTaxYear();
    const table = within(await screen.findByRole('region', { name: 'Month by month' })).getByRole('table', {
      name: 'Each payslip of 2026/27: pay, deductions and net pay',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Pay date', 'Gross pay', 'Income Tax', 'National Insurance', 'Pension', 'Student loan', 'Net pay']);
    const [, april] = within(table).getAllByRole('row');
    expect(within(april!).getByRole('rowheader')).toHaveTextContent('30 April 2026');
    expect(
      within(april!)
        .getAllByRole('cell')
        .map((cell) => [cell.dataset.label, cell.textContent]),
    ).toEqual([
      ['Gross pay', '£3,312.00'],
      ['Income Tax', '£446.40'],
      ['National Insurance', '£181.12'],
      ['Pension', '£165.60'],
      ['Student loan', '£0.00'],
      ['Net pay', '£2,518.88'],
    ]);
    // Nothing to scroll sideways, so no focusable scroll region.
    expect(screen.queryByRole('region', { name: /^Table of each payslip/ })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe('in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('gives the year in Welsh with HMRC’s Welsh tax words, its tax month, and each figure that differs from the P60', async () => {
    activateLanguage('cy');
    await loadMessages();
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips), [DOCUMENTS_ROUTE]: envelopeReply([p60({ ...agreeing, incomeTax: 5_300 })]) });
    const { container } = renderTaxYear('/tax-year?year=2025-26');
    expect(screen.getByRole('heading', { level: 1, name: 'Blwyddyn dreth' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Blwyddyn dreth' })).toHaveDisplayValue('2025/26 (6 Ebrill 2025 i 5 Ebrill 2026)');
    const totals = screen.getByRole('region', { name: 'Cyfanswm 2025/26' });
    expect(totals).toHaveTextContent("Ffigurau'r flwyddyn hyd yma o'ch slip cyflog ar 31 Mawrth 2026 (mis treth 12).");
    expect(figuresIn(totals)).toMatchObject({
      'Cyflog gros': '£38,400.00',
      'Treth Incwm': '£5,285.00',
      'Yswiriant Gwladol': '£2,143.73',
      'Benthyciad myfyriwr': '£976.00',
      'Cyflog net': '£28,075.27',
    });
    const table = screen.getByRole('table', { name: 'Pob slip cyflog yn 2025/26: cyflog, didyniadau a chyflog net' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Dyddiad talu', 'Cyflog gros', 'Treth Incwm', 'Yswiriant Gwladol', 'Pensiwn', 'Benthyciad myfyriwr', 'Cyflog net']);
    const check = screen.getByRole('region', { name: 'Gwirio yn erbyn eich P60' });
    await within(check).findByText(/Nid yw eich slipiau cyflog yn cytuno/);
    expect(
      within(check)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Treth Incwm: £5,285.00 ar eich slipiau cyflog, £5,300.00 ar eich P60 (£15.00 yn llai ar eich slipiau cyflog).']);
    await expectNoAxeViolations(container);
  });

  it('names a weekly payslip’s tax week in Welsh', async () => {
    activateLanguage('cy');
    await loadMessages();
    const weekly = payslips.map((payslip) => (payslip.ID === 'mar-26' ? { ...payslip, payFrequency: 'weekly' as const, taxPeriod: 52 } : payslip));
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(weekly), [DOCUMENTS_ROUTE]: envelopeReply([]) });
    renderTaxYear('/tax-year?year=2025-26');
    expect(await screen.findByRole('region', { name: 'Cyfanswm 2025/26' })).toHaveTextContent('(wythnos dreth 52).');
  });
});
