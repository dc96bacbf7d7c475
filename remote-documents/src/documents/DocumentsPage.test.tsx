import { act, screen, waitFor, within } from '@testing-library/react';
import { apiGet as mockedApiGet, apiGetBlob as mockedApiGetBlob } from '@portal/shared/api/client';
import type { Envelope, IntranetDocument } from '@portal/shared/api/types';
import * as files from '@portal/shared/files';
import { activateLanguage } from '@portal/shared/i18n';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { loadMessages } from '../exposed/DocumentsPage';
import DocumentsPage from './DocumentsPage';

jest.mock('@portal/shared/files', () => ({ saveBlob: jest.fn() }));
// The page's own fetchers run for real; only the HTTP calls of the shared client are replaced.
jest.mock('@portal/shared/api/client', () => ({
  ...jest.requireActual<Record<string, unknown>>('@portal/shared/api/client'),
  apiGet: jest.fn(),
  apiGetBlob: jest.fn(),
}));

const apiGet = jest.mocked(mockedApiGet);
const apiGetBlob = jest.mocked(mockedApiGetBlob);

const intranet: IntranetDocument[] = [
  { ID: 'i1', filename: 'Staff Handbook 2026.pdf', date: '2026-10-31' },
  { ID: 'i2', filename: 'Holiday policy.pdf', date: '2026-04-06' },
  { ID: 'i3', filename: 'handbook-summary.pdf', date: '2025-12-01' },
];

const ok = <T,>(data: T): Envelope<T> => ({ status: 200, error: null, data });
const pdf = () => new Blob(['%PDF-1.7'], { type: 'application/pdf' });
const httpError = (status: number) => Object.assign(new Error(`Request failed with status code ${status}`), { status });

function renderPage() {
  return renderWithProviders(<DocumentsPage />, { route: '/documents' });
}

function listedRows() {
  const [, body] = within(screen.getByRole('table')).getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getAllByRole('cell')[0]?.textContent]);
}

async function openShared(user: ReturnType<typeof renderPage>['user']) {
  await user.click(screen.getByRole('tab', { name: 'Shared with me' }));
  return screen.findByRole('table');
}

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', employmentId: 'e1' });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  apiGet.mockResolvedValue(ok(intranet));
  apiGetBlob.mockResolvedValue({ blob: pdf(), filename: 'from-server.pdf' });
});

afterEach(() => {
  // console.error is silenced for the page's own logging; React's warnings must still fail the test.
  const reactWarnings = jest.mocked(console.error).mock.calls.filter(([message]) => typeof message === 'string' && /act\(|Warning:/.test(message));
  expect(reactWarnings).toEqual([]);
});

describe('Documents', () => {
  it('shows the heading, a labelled search box and the two tabs', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search documents by file name' });
    expect(search).toHaveAttribute('placeholder', 'Search...');
    const tablist = screen.getByRole('tablist', { name: 'Documents' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['My docs', 'Shared with me']);
    // Let the list request settle.
    return act(async () => {});
  });

  it("opens on 'Shared with me' when it has files, since 'My docs' has none", async () => {
    renderPage();
    // While the shared list loads, its tab is open with the spinner: nothing jumps when it arrives.
    expect(screen.getByRole('tab', { name: 'Shared with me' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Shared with me' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'My docs' })).toHaveAttribute('aria-selected', 'false');
    expect(within(screen.getByRole('tabpanel', { name: 'Shared with me' })).getByRole('rowheader', { name: 'Staff Handbook 2026.pdf' })).toBeInTheDocument();
  });

  it("keeps the spec's default, 'My docs' (empty, and saying so), when nothing is shared either", async () => {
    apiGet.mockResolvedValue(ok([]));
    renderPage();
    const mine = screen.getByRole('tab', { name: 'My docs' });
    await waitFor(() => expect(mine).toHaveAttribute('aria-selected', 'true'));
    const panel = screen.getByRole('tabpanel', { name: 'My docs' });
    expect(panel).toHaveTextContent('You have no documents of your own here yet.');
    expect(mine).toHaveAttribute('aria-controls', panel.id);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("keeps the user's own choice of tab when the list arrives", async () => {
    let answer: (value: Envelope<IntranetDocument[]>) => void = () => {};
    apiGet.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'My docs' }));
    await act(async () => answer(ok(intranet)));
    expect(screen.getByRole('tab', { name: 'My docs' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("lists the intranet documents only under 'Shared with me', with columns 'Recent files' and 'Date'", async () => {
    const { user } = renderPage();
    await openShared(user);
    expect(screen.getByRole('tab', { name: 'Shared with me' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'My docs' })).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Shared with me' });
    expect(within(panel).getByRole('columnheader', { name: 'Recent files' })).toBeInTheDocument();
    expect(within(panel).getByRole('columnheader', { name: 'Date' })).toBeInTheDocument();
    expect(listedRows()).toEqual([
      ['Staff Handbook 2026.pdf', '31/10/2026'],
      ['Holiday policy.pdf', '06/04/2026'],
      ['handbook-summary.pdf', '01/12/2025'],
    ]);
    expect(apiGet).toHaveBeenCalledWith('/api/users/u1/employments/e1/intranet', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    for (const document of intranet) {
      expect(within(panel).getByRole('button', { name: `Download ${document.filename}` })).toBeInTheDocument();
    }
  });

  it('moves between the tabs with the arrow keys, Home and End (roving focus)', async () => {
    apiGet.mockResolvedValue(ok([]));
    const { user } = renderPage();
    const mine = screen.getByRole('tab', { name: 'My docs' });
    const shared = screen.getByRole('tab', { name: 'Shared with me' });
    await waitFor(() => expect(mine).toHaveAttribute('tabindex', '0'));
    expect(shared).toHaveAttribute('tabindex', '-1');
    mine.focus();
    await user.keyboard('{ArrowRight}');
    expect(shared).toHaveFocus();
    expect(shared).toHaveAttribute('aria-selected', 'true');
    expect(shared).toHaveAttribute('tabindex', '0');
    expect(mine).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Shared with me' })).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(mine).toHaveFocus();
    expect(mine).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(shared).toHaveFocus();
    await user.keyboard('{Home}');
    expect(mine).toHaveFocus();
    await user.keyboard('{End}');
    expect(shared).toHaveFocus();
    expect(shared).toHaveAttribute('aria-selected', 'true');
  });

  it('filters the rows by a case-insensitive "filename contains search"', async () => {
    const { user } = renderPage();
    await openShared(user);
    await user.type(screen.getByRole('searchbox'), 'HANDBOOK');
    expect(listedRows().map(([name]) => name)).toEqual(['Staff Handbook 2026.pdf', 'handbook-summary.pdf']);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'payslip');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No files match ‘payslip’.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));
    expect(listedRows()).toHaveLength(3);
  });

  it('keeps the search when switching tabs', async () => {
    const { user } = renderPage();
    await user.type(screen.getByRole('searchbox'), 'holiday');
    await openShared(user);
    expect(listedRows().map(([name]) => name)).toEqual(['Holiday policy.pdf']);
  });

  it('downloads a file and saves it under its filename', async () => {
    const blob = pdf();
    apiGetBlob.mockResolvedValue({ blob, filename: 'from-server.pdf' });
    const { user } = renderPage();
    await openShared(user);
    await user.click(screen.getByRole('button', { name: 'Download Holiday policy.pdf' }));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalledWith(blob, 'Holiday policy.pdf'));
    expect(apiGetBlob).toHaveBeenCalledWith('/api/users/u1/file/intranet/i2/employment/e1', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(await screen.findByText('Downloaded Holiday policy.pdf.')).toBeInTheDocument();
  });

  it('says plainly when a download fails, in a dismissible message', async () => {
    apiGetBlob.mockRejectedValue(httpError(404));
    const { user } = renderPage();
    await openShared(user);
    await user.click(screen.getByRole('button', { name: 'Download Staff Handbook 2026.pdf' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Download failed');
    expect(alert).toHaveTextContent('We could not download Staff Handbook 2026.pdf. Please try again.');
    expect(files.saveBlob).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith('Downloading a shared document failed.', expect.any(Error));
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('says when nothing has been shared yet', async () => {
    apiGet.mockResolvedValue(ok([]));
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Shared with me' }));
    expect(await screen.findByText('Nothing has been shared with you yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('tells the user when the shared documents cannot be loaded, and can try again', async () => {
    apiGet.mockRejectedValueOnce(httpError(500));
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your shared documents could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Shared with me' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(apiGet).toHaveBeenCalledTimes(2);
  });

  it('asks the user to choose a company when none is selected', async () => {
    arrangeHostState({ employmentId: null });
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Shared with me' }));
    expect(screen.getByRole('link', { name: 'Select your account' })).toHaveAttribute('href', '/select-company');
    expect(apiGet).not.toHaveBeenCalled();
  });
});

describe('the shared documents table', () => {
  it('is a table of rows, column headers and cells, the download column named for screen readers, and axe clean', async () => {
    const { user, container } = renderPage();
    const table = await openShared(user);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Recent files', 'Date', 'Download']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + intranet.length);
    expect(within(table).getByRole('button', { name: 'Download Holiday policy.pdf' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe('in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('speaks Welsh once the page module has loaded its texts: tabs, search, the shared files and their dates, and a download', async () => {
    activateLanguage('cy');
    await loadMessages();
    const { user, container } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dogfennau' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Chwilio dogfennau yn ôl enw ffeil' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Dogfennau' })).toBeInTheDocument();
    const shared = await screen.findByRole('tab', { name: "Wedi'u rhannu gyda mi", selected: true });
    expect(shared).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Ffeiliau diweddar', 'Dyddiad', 'Lawrlwytho']);
    expect(listedRows()[0]).toEqual(['Staff Handbook 2026.pdf', '31/10/2026']);
    await user.click(screen.getByRole('button', { name: 'Lawrlwytho Staff Handbook 2026.pdf' }));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalled());
    expect(await screen.findByText('Wedi lawrlwytho Staff Handbook 2026.pdf.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText("Nid oes ffeiliau'n cyfateb i ‘zzz’.")).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Fy nogfennau' }));
    expect(screen.getByText(/^Nid oes gennych unrhyw ddogfennau eich hun yma eto\./)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
