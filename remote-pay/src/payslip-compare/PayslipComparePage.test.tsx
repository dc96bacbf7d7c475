import { screen, within } from '@testing-library/react';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { EMPLOYMENT_ID, octoberPayslip, PAYSLIPS_ROUTE, payslips, USER_ID } from '../testing/payslip-fixtures';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { loadMessages } from '../exposed/PayslipComparePage';
import PayslipComparePage from './PayslipComparePage';

function renderCompare(route = '/payslips/compare') {
  return renderWithProviders(<PayslipComparePage />, {
    route,
    path: '/payslips/compare',
    routes: [{ path: '/payslips', element: <p>Payslips list</p> }],
  });
}

function tableRows(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Compare payslips', () => {
  it('puts the newest payslip beside the one before it, with the difference of every line', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderCompare();
    expect(await screen.findByRole('heading', { level: 1, name: 'Compare payslips' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'First payslip' })).toHaveDisplayValue('30 September 2026');
    expect(screen.getByRole('combobox', { name: 'Second payslip' })).toHaveDisplayValue('31 October 2026');
    expect(screen.getByRole('table', { name: 'Payslips of 30 September 2026 and 31 October 2026 side by side' })).toBeInTheDocument();
    expect(tableRows()).toEqual([
      ['', '30 September 2026', '31 October 2026', 'Difference'],
      ['Gross pay', '£2,600.00', '£1,650.00', '−£950.00'],
      ['Income Tax', '£0.00', '£210.20', '+£210.20'],
      ['National Insurance', '£0.00', '£105.24', '+£105.24'],
      ['Pension', '£0.00', '£100.00', '+£100.00'],
      ['Student Loan', '£598.90', '£0.00', '−£598.90'],
      ['Total deductions', '£598.90', '£415.44', '−£183.46'],
      ['Net pay', '£2,001.10', '£1,234.56', '−£766.54'],
    ]);
    expect(screen.getByRole('region', { name: 'What changed' })).toHaveTextContent('Your net pay is £766.54 less than on your payslip of 30 September 2026.');
  });

  it('lets the user choose the two payslips, and keeps the choice in the address', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { user, router } = renderCompare();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'First payslip' }), '28 August 2026');
    expect(screen.getByRole('table', { name: 'Payslips of 28 August 2026 and 31 October 2026 side by side' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?first=p-aug&second=p-oct');
  });

  it('opens on the payslips the address names, in either order', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderCompare('/payslips/compare?first=p-oct&second=p-aug');
    expect(await screen.findByRole('table', { name: 'Payslips of 31 October 2026 and 28 August 2026 side by side' })).toBeInTheDocument();
    // What changed always reads from the older to the newer.
    expect(screen.getByRole('region', { name: 'What changed' })).toHaveTextContent('than on your payslip of 28 August 2026.');
  });

  it('asks for two different payslips when one is chosen twice', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderCompare('/payslips/compare?first=p-sep&second=p-sep');
    expect(await screen.findByText('Choose two different payslips to see what differs.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says there is nothing to compare with fewer than two payslips', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([octoberPayslip]) });
    renderCompare();
    expect(await screen.findByText('You need two payslips to compare; this employer has published one yet.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('tells the user when the payslips could not be loaded', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: errorReply(500, 'Internal Server Error') });
    renderCompare();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payslips could not be loaded');
  });

  it('goes back to the payslips list', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { user, router } = renderCompare();
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/payslips');
  });

  it('names each figure by its payslip or Difference, for a row shown as a card on a phone, and is axe clean', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { container } = renderCompare();
    const table = await screen.findByRole('table', { name: 'Payslips of 30 September 2026 and 31 October 2026 side by side' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['30 September 2026', '31 October 2026', 'Difference']);
    const netPay = within(table).getByRole('row', { name: /^Net pay/ });
    expect(
      within(netPay)
        .getAllByRole('cell')
        .map((cell) => [cell.dataset.label, cell.textContent]),
    ).toEqual([
      ['30 September 2026', '£2,001.10'],
      ['31 October 2026', '£1,234.56'],
      ['Difference', '−£766.54'],
    ]);
    await expectNoAxeViolations(container);
  });
});

describe('Compare payslips in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('speaks Welsh once its page module has loaded its texts: pickers, table, totals and what changed', async () => {
    await activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { container } = renderCompare();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cymharu slipiau cyflog' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Slip cyflog cyntaf' })).toHaveDisplayValue('30 Medi 2026');
    expect(screen.getByRole('combobox', { name: 'Ail slip cyflog' })).toHaveDisplayValue('31 Hydref 2026');
    expect(screen.getByRole('table', { name: 'Slipiau cyflog 30 Medi 2026 a 31 Hydref 2026 ochr yn ochr' })).toBeInTheDocument();
    const rows = tableRows();
    expect(rows[0]).toEqual(['', '30 Medi 2026', '31 Hydref 2026', 'Gwahaniaeth']);
    expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(['Cyflog gros', 'Cyfanswm y didyniadau', 'Cyflog net']));
    const changes = screen.getByRole('region', { name: 'Beth sydd wedi newid' });
    expect(within(changes).getByText(/^Mae eich cyflog net £[\d,.]+ yn (fwy|llai) nag ar eich slip cyflog ar 30 Medi 2026\.$/)).toBeInTheDocument();
    expect(within(changes).getByRole('list', { name: 'Newidiadau, y mwyaf yn gyntaf' })).toBeInTheDocument();
    expect(within(changes).getAllByText(/^£[\d,.]+ yn (fwy|llai) yn eich cyflog$/).length).toBeGreaterThan(0);
    // Each change's reason is Welsh too, and no English reason is left.
    const reasons = within(within(changes).getByRole('list', { name: 'Newidiadau, y mwyaf yn gyntaf' })).getAllByRole('listitem');
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason).not.toHaveTextContent(/ your | was | this month|follows/);
    expect(changes).toHaveTextContent(/Treth Incwm|Yswiriant Gwladol|cyflog/);
    await expectNoAxeViolations(container);
  });

  it('says in Welsh that two payslips are needed', async () => {
    await activateLanguage('cy');
    await loadMessages();
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([octoberPayslip]) });
    renderCompare();
    expect(await screen.findByText("Mae angen dau slip cyflog arnoch i'w cymharu; mae'r cyflogwr hwn wedi cyhoeddi un hyd yma.")).toBeInTheDocument();
  });
});
