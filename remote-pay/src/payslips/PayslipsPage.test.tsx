import { screen, waitFor, within } from '@testing-library/react';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { EMPLOYMENT_ID, PAYSLIPS_ROUTE, payslips, USER_ID } from '../testing/payslip-fixtures';
import { loadMessages } from '../exposed/PayslipsPage';
import PayslipsPage from './PayslipsPage';

function rowTexts(): string[][] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
});

describe('Payslips list', () => {
  it('lists the payslips with the columns Pay date and Net pay, newest first', async () => {
    const api = mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderWithProviders(<PayslipsPage />, { route: '/payslips' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payslips' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Pay date', 'Net pay']);
    expect(rowTexts()).toEqual([
      ['31 October 2026', '£1,234.56'],
      ['30 September 2026', '£2,001.10'],
      ['28 August 2026', '£987.65'],
    ]);
    expect(api.requests[0]?.path).toBe(`/api/users/${USER_ID}/employments/${EMPLOYMENT_ID}/payslips`);
  });

  it('links each row to its detail', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { user, router } = renderWithProviders(<PayslipsPage />, {
      route: '/payslips',
      path: '/payslips',
      routes: [{ path: '/payslips/:id', element: <p>Detail page</p> }],
    });
    const link = await screen.findByRole('link', { name: '30 September 2026' });
    expect(link).toHaveAttribute('href', '/payslips/p-sep');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/payslips/p-sep');
  });

  it('offers to compare two payslips once there are two', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { user, router } = renderWithProviders(<PayslipsPage />, {
      route: '/payslips',
      path: '/payslips',
      routes: [{ path: '/payslips/compare', element: <p>Compare</p> }],
    });
    await user.click(await screen.findByRole('link', { name: 'Compare two payslips' }));
    expect(router.state.location.pathname).toBe('/payslips/compare');
  });

  it('has nothing to compare with one payslip', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips.slice(0, 1)) });
    renderWithProviders(<PayslipsPage />, { route: '/payslips' });
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: 'Compare two payslips' })).not.toBeInTheDocument();
  });

  it('filters on pay date or net pay text as typed', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { user } = renderWithProviders(<PayslipsPage />, { route: '/payslips' });
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search payslips by pay date or net pay' });

    await user.type(search, '1234.56');
    expect(rowTexts()).toEqual([['31 October 2026', '£1,234.56']]);

    await user.clear(search);
    await user.type(search, '£2,001.10');
    expect(rowTexts()).toEqual([['30 September 2026', '£2,001.10']]);

    await user.clear(search);
    await user.type(search, 'august');
    expect(rowTexts()).toEqual([['28 August 2026', '£987.65']]);

    await user.clear(search);
    await user.type(search, 'March');
    expect(rowTexts()).toEqual([['No payslips match your search.']]);

    await user.clear(search);
    expect(rowTexts()).toHaveLength(3);
  });

  it('says inside the table, politely, when nothing matches the search, under the same headers', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { user, container } = renderWithProviders(<PayslipsPage />, { route: '/payslips' });
    const table = await screen.findByRole('table', { name: 'Your payslips, newest first' });
    await user.type(screen.getByRole('searchbox', { name: 'Search payslips by pay date or net pay' }), 'March');
    const [, row] = within(table).getAllByRole('row');
    const cell = within(row!).getByRole('cell');
    expect(cell).toHaveAttribute('colspan', '2');
    expect(within(cell).getByRole('status')).toHaveTextContent('No payslips match your search.');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Pay date', 'Net pay']);
    expect(screen.getAllByText('No payslips match your search.')).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('is axe clean with its rows', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { container } = renderWithProviders(<PayslipsPage />, { route: '/payslips' });
    await screen.findByRole('table');
    await expectNoAxeViolations(container);
  });

  it('says when there are no payslips', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([]) });
    renderWithProviders(<PayslipsPage />, { route: '/payslips' });
    expect(await screen.findByText('There are no payslips from this employer yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers a tax year in one ZIP and, beside it, a proof of income', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    renderWithProviders(<PayslipsPage />, { route: '/payslips' });
    const downloads = (await screen.findByRole('region', { name: 'Download a tax year' })).parentElement!;
    expect(within(downloads).getByRole('region', { name: 'Proof of income' })).toBeInTheDocument();
    expect(within(downloads).getByRole('button', { name: 'Download proof of income' })).toBeEnabled();
  });

  it('logs a failure and says so in a dismissible message', async () => {
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ [PAYSLIPS_ROUTE]: errorReply(500, 'The payroll service is down') });
    const { user } = renderWithProviders(<PayslipsPage />, { route: '/payslips' });
    const alert = await screen.findByRole('alert', { name: 'Your payslips could not be loaded' });
    expect(alert).toHaveTextContent('Sorry, there is a problem with the service. Try again later.');
    expect(alert).not.toHaveTextContent('The payroll service is down');
    expect(errorLog).toHaveBeenCalledWith('Loading the payslips failed.', expect.anything());
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('offers Try again on a load error, which asks again and shows the list', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockApi({ [PAYSLIPS_ROUTE]: () => (fail ? errorReply(503, 'upstream timeout') : envelopeReply(payslips)) });
    const { user } = renderWithProviders(<PayslipsPage />, { route: '/payslips' });
    const alert = await screen.findByRole('alert', { name: 'Your payslips could not be loaded' });
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('speaks Welsh once the page module has loaded its texts, with dates in Welsh and the money as in English', async () => {
    activateLanguage('cy');
    // What the host does before a Welsh page's first render: its own parts' texts, then the page's.
    await Promise.all([sharedTexts.load(), loadMessages()]);
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply(payslips) });
    const { container } = renderWithProviders(<PayslipsPage />, { route: '/payslips' });

    expect(screen.getByRole('heading', { level: 1, name: 'Slipiau cyflog' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Chwilio slipiau cyflog yn ôl dyddiad talu neu gyflog net' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Eich slipiau cyflog, y diweddaraf yn gyntaf' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Dyddiad talu', 'Cyflog net']);
    expect(rowTexts()[0]).toEqual(['31 Hydref 2026', '£1,234.56']);
    expect(screen.getByRole('link', { name: 'Cymharu dau slip cyflog' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lawrlwytho blwyddyn dreth' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lawrlwytho prawf o incwm' })).toBeEnabled();
    await expectNoAxeViolations(container);
  });
});
