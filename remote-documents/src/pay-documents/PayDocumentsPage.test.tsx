import { act, screen, waitFor, within } from '@testing-library/react';
import { apiGet as mockedApiGet, apiGetBlob as mockedApiGetBlob } from '@portal/shared/api/client';
import type { Envelope, PayDocument } from '@portal/shared/api/types';
import * as files from '@portal/shared/files';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { loadMessages } from '../exposed/PayDocumentsPage';
import PayDocumentsPage from './PayDocumentsPage';

jest.mock('@portal/shared/files', () => ({ saveBlob: jest.fn() }));
// The page's own fetchers run for real; only the HTTP calls of the shared client are replaced.
jest.mock('@portal/shared/api/client', () => ({
  ...jest.requireActual<Record<string, unknown>>('@portal/shared/api/client'),
  apiGet: jest.fn(),
  apiGetBlob: jest.fn(),
}));

const documents: PayDocument[] = [
  { ID: 'p60-2025', fileType: 'P60', taxYear: '2025/26', filename: 'P60-2025-26.pdf', figures: null },
  { ID: 'p11d-2025', fileType: 'P11D', taxYear: '2025/26', filename: 'P11D-2025-26.pdf', figures: null },
  { ID: 'p60-2024', fileType: 'P60', taxYear: '2024/25', filename: 'P60-2024-25.pdf', figures: null },
  { ID: 'p45-2024', fileType: 'P45', taxYear: '2024/25', filename: 'P45.pdf', figures: null },
  { ID: 'pension-1', fileType: 'Pension Letter', taxYear: '2025/26', filename: 'Pension-enrolment.pdf', figures: null },
  { ID: 'pension-2', fileType: 'Pension Letter', taxYear: '2024/25', filename: 'Pension-increase.pdf', figures: null },
];

const ok = <T,>(data: T): Envelope<T> => ({ status: 200, error: null, data });
const pdf = () => new Blob(['%PDF-1.7'], { type: 'application/pdf' });
const httpError = (status: number) => Object.assign(new Error(`Request failed with status code ${status}`), { status });

function renderAt(route: string) {
  return renderWithProviders(<PayDocumentsPage />, { route });
}

function rowNames() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

const apiGet = jest.mocked(mockedApiGet);
const apiGetBlob = jest.mocked(mockedApiGetBlob);

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', employmentId: 'e1' });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  apiGet.mockResolvedValue(ok(documents));
  apiGetBlob.mockResolvedValue({ blob: pdf(), filename: 'from-server.pdf' });
});

afterEach(() => {
  // console.error is silenced for the page's own logging; React's warnings must still fail the test.
  const reactWarnings = jest.mocked(console.error).mock.calls.filter(([message]) => typeof message === 'string' && /act\(|Warning:/.test(message));
  expect(reactWarnings).toEqual([]);
});

describe('pay information lists', () => {
  it('lists the P60s of the selected employment under the columns Type and Tax year', async () => {
    renderAt('/P60');
    expect(screen.getByRole('heading', { level: 1, name: 'P60s' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Type' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Tax year' })).toBeInTheDocument();
    expect(rowNames()).toEqual([
      ['P60', '2025/26'],
      ['P60', '2024/25'],
    ]);
    expect(apiGet).toHaveBeenCalledWith('/api/users/u1/employments/e1/documents', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it.each([
    ['/P60', 'P60s', 'P60', ['2025/26', '2024/25']],
    ['/P11d', 'P11Ds', 'P11D', ['2025/26']],
    ['/p11d', 'P11Ds', 'P11D', ['2025/26']],
    ['/P45', 'P45s', 'P45', ['2024/25']],
    ['/pension-letters', 'Pension Letters', 'Pension Letter', ['2025/26', '2024/25']],
  ])('on %s shows only the documents whose fileType matches (%s)', async (route, heading, fileType, years) => {
    renderAt(route);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rowNames()).toEqual(years.map((year) => [fileType, year]));
  });

  it('offers each document in the browser below the table, leaving the rows as they are', async () => {
    const { user } = renderAt('/P60');
    const previews = await screen.findByRole('region', { name: 'View in your browser' });
    const links = within(previews).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['View P60 2025/26 (opens in a new tab)', 'View P60 2024/25 (opens in a new tab)']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api/users/u1/file/p60-2025/employment/e1?disposition=inline',
      '/api/users/u1/file/p60-2024/employment/e1?disposition=inline',
    ]);
    expect(links.every((link) => link.getAttribute('target') === '_blank')).toBe(true);
    expect(rowNames()).toEqual([
      ['P60', '2025/26'],
      ['P60', '2024/25'],
    ]);
    // The browser opens the link itself: nothing is downloaded through the page.
    links[0]!.addEventListener('click', (event) => event.preventDefault());
    await user.click(links[0]!);
    expect(apiGetBlob).not.toHaveBeenCalled();
  });

  it('matches the fileType case-insensitively', async () => {
    apiGet.mockResolvedValue(ok([{ ID: 'x', fileType: 'p11d', taxYear: '2023/24', filename: 'x.pdf' }]));
    renderAt('/P11d');
    await screen.findByRole('table');
    expect(rowNames()).toEqual([['p11d', '2023/24']]);
  });

  it('downloads the file when a row is clicked, saved under its filename', async () => {
    const blob = pdf();
    apiGetBlob.mockResolvedValue({ blob, filename: 'from-server.pdf' });
    const { user } = renderAt('/P60');
    const cell = await screen.findByRole('cell', { name: '2024/25' });
    await user.click(cell);
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(blob, 'P60-2024-25.pdf'));
    expect(apiGetBlob).toHaveBeenCalledTimes(1);
    expect(apiGetBlob).toHaveBeenCalledWith('/api/users/u1/file/p60-2024/employment/e1', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(await screen.findByText('Downloaded P60-2024-25.pdf.')).toBeInTheDocument();
  });

  it('downloads the file when Enter is pressed on a row (its Type button)', async () => {
    const { user } = renderAt('/P60');
    await screen.findByRole('table');
    // The first row's button is the first thing after the heading in the Tab order.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Download P60 2025/26' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'P60-2025-26.pdf'));
    expect(apiGetBlob).toHaveBeenCalledTimes(1);
    expect(apiGetBlob).toHaveBeenCalledWith('/api/users/u1/file/p60-2025/employment/e1', expect.anything());
  });

  it('says there is nothing yet instead of an empty table', async () => {
    apiGet.mockResolvedValue(ok([documents[1]]));
    renderAt('/P60');
    expect(await screen.findByText('You have no P60s yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the dismissible banner "Error viewing P60" when the list fails to load, and can try again', async () => {
    apiGet.mockRejectedValueOnce(httpError(500));
    const { user } = renderAt('/P60');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error viewing P60');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Your P60s could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(apiGet).toHaveBeenCalledTimes(2);
  });

  it('treats an answer whose status is not 200 as a failed load', async () => {
    apiGet.mockResolvedValue({ status: 500, error: 'Database unavailable', data: null });
    renderAt('/P45');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error viewing P45');
  });

  it.each([
    ['/P60', 'Download P60 2025/26', 'Error viewing P60'],
    ['/P11d', 'Download P11D 2025/26', 'Error viewing P11D'],
    ['/P45', 'Download P45 2024/25', 'Error viewing P45'],
    ['/pension-letters', 'Download Pension Letter 2025/26', 'Error viewing Pension Letter'],
  ])('on %s a failed download shows the dismissible banner naming its type', async (route, button, bannerText) => {
    apiGetBlob.mockRejectedValue(httpError(404));
    const { user } = renderAt(route);
    await user.click(await screen.findByRole('button', { name: button }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(bannerText);
    expect(files.saveBlob).not.toHaveBeenCalled();
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The list stays usable.
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('shows a loading message while the list loads', async () => {
    apiGet.mockReturnValue(new Promise(() => {}));
    renderAt('/pension-letters');
    const statuses = screen.getAllByRole('status').map((status) => status.textContent);
    expect(statuses).toContain('Loading your pension letters…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks the user to choose a company when none is selected, and loads nothing', () => {
    arrangeHostState({ employmentId: null });
    renderAt('/P60');
    expect(screen.getByRole('link', { name: 'Select your account' })).toHaveAttribute('href', '/select-company');
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('starts clean when moving to another list (no banner carried over)', async () => {
    apiGet.mockRejectedValueOnce(httpError(500));
    const { router } = renderAt('/P60');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error viewing P60');
    await act(() => router.navigate('/P45'));
    expect(await screen.findByRole('heading', { level: 1, name: 'P45s' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(rowNames()).toEqual([['P45', '2024/25']]);
  });

  it('loads the list again for a newly chosen employment, dropping the request in flight', async () => {
    let firstSignal: AbortSignal | undefined;
    apiGet.mockImplementationOnce((_url, options) => {
      firstSignal = options?.signal;
      return new Promise(() => {});
    });
    renderAt('/P60');
    await waitFor(() => expect(apiGet).toHaveBeenCalledTimes(1));
    act(() => arrangeHostState({ employmentId: 'e2' }));
    await screen.findByRole('table');
    expect(firstSignal?.aborted).toBe(true);
    expect(apiGet).toHaveBeenLastCalledWith('/api/users/u1/employments/e2/documents', expect.anything());
  });
});

describe('the pay documents table', () => {
  it.each(['/P60', '/P11d', '/P45', '/pension-letters'])('%s: rows, column headers and cells, axe clean', async (route) => {
    const { container } = renderAt(route);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Type', 'Tax year']);
    for (const row of within(table).getAllByRole('row').slice(1)) expect(within(row).getAllByRole('cell')).toHaveLength(2);
    await expectNoAxeViolations(container);
  });
});

describe('in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('lists the P60s in Welsh once the page module has loaded its texts, and downloads from the Welsh row as from the English', async () => {
    activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
    const { user, container } = renderAt('/P60');
    expect(screen.getByRole('heading', { level: 1, name: 'Ffurflenni P60' })).toBeInTheDocument();
    expect(screen.getByText("Mae P60 yn dangos y cyflog a gawsoch a'r dreth a daloch mewn blwyddyn dreth. Dewiswch un i'w lawrlwytho.")).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: "Ffurflenni P60, y diweddaraf yn gyntaf. Dewiswch res i'w lawrlwytho." });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Math', 'Blwyddyn dreth']);
    expect(screen.getByRole('region', { name: 'Gweld yn eich porwr' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gweld P60 2025/26 (yn agor mewn tab newydd)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lawrlwytho blwyddyn dreth' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Lawrlwytho P60 2025/26' }));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalled());
    expect(await screen.findByText('Wedi lawrlwytho P60-2025-26.pdf.')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('names the pension letters as the Welsh menu does', async () => {
    activateLanguage('cy');
    await loadMessages();
    renderAt('/pension-letters');
    expect(screen.getByRole('heading', { level: 1, name: 'Llythyrau pensiwn' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Lawrlwytho Llythyr pensiwn 2025/26' })).toHaveTextContent('Llythyr pensiwn');
  });
});
