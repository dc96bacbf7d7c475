import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DocumentsPreview, PayRunPreview } from '@portal/shared/api/employer-console';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { ACCESS, consoleError, ok } from '../testing/console-api';
import PublishPage from './PublishPage';

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1', roles: ['employer-admin'] } });
});

const CSV = 'employeeId,payDate,grossPence\nE0001,2026-03-31,250000\n';
const csvFile = (name = 'march.csv', content = CSV) => new File([content], name, { type: 'text/csv' });
const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/** A file of the given size without allocating it. */
function sized(file: File, size: number): File {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const CLEAN: PayRunPreview = {
  uploadId: 'up-1',
  format: 'csv',
  payRunId: 'pr-2026-03',
  totals: { employees: 3, grossPence: 1234567, netPence: 987654 },
  problems: [],
  publishable: true,
  alreadyPublished: false,
};

const WITH_PROBLEMS: PayRunPreview = {
  ...CLEAN,
  problems: [
    { row: 2, field: 'grossPence', message: 'Enter a whole number of pence' },
    { row: 7, field: 'niNumber', message: 'This is not a National Insurance number' },
    { row: null, field: null, message: 'The pay date is missing from every row' },
  ],
  publishable: false,
};

function render(routes = {}) {
  const api = mockApi({ 'GET /api/employer-console': ACCESS, ...routes });
  return { api, ...renderWithProviders(<PublishPage />, { route: '/employer/publish' }) };
}

const payRunSection = () => screen.findByRole('region', { name: 'Publish a pay run' });
const documentsSection = () => screen.findByRole('region', { name: 'Publish documents in bulk' });

describe('publishing a pay run', () => {
  it('sends the file as the raw body with its type, shows the totals in pounds, and publishes', async () => {
    const { api, user, container } = render({
      'POST /api/employers/:employerId/pay-runs/preview': ok(CLEAN),
      'POST /api/employers/:employerId/pay-runs/publish': ok({ payRunId: 'pr-2026-03', payslips: 3, unchanged: false }),
    });
    const section = await payRunSection();
    const nav = screen.getByRole('navigation', { name: 'Employer console' });
    expect(within(nav).getByRole('link', { name: 'Publish' })).toHaveAttribute('aria-current', 'page');
    const input = within(section).getByLabelText('Pay run file');
    expect(input).toHaveAttribute('accept', '.json,.csv,application/json,text/csv');
    expect(input).toHaveAccessibleDescription('A .json or .csv file, 20 MB at most.');
    await expectNoAxeViolations(container);

    const file = csvFile();
    await user.upload(input, file);
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    const preview = await within(section).findByRole('region', { name: 'Preview of march.csv' });
    const request = api.requests.find((entry) => entry.path === '/api/employers/emp-north/pay-runs/preview')!;
    expect(request.body).toBe(file);
    expect(request.headers['Content-Type']).toBe('text/csv');
    expect(preview).toHaveTextContent('FormatCSV');
    expect(preview).toHaveTextContent('Employees3');
    expect(preview).toHaveTextContent('Gross pay£12,345.67');
    expect(preview).toHaveTextContent('Net pay£9,876.54');
    expect(preview).toHaveTextContent('No problems found: 3 employees in this pay run.');
    expect(api.requests.some((entry) => entry.path.endsWith('/publish'))).toBe(false);
    await expectNoAxeViolations(container);

    // By keyboard: Tab from the file check reaches the button, Enter publishes.
    within(section).getByRole('button', { name: 'Check the file' }).focus();
    await user.tab();
    expect(within(preview).getByRole('button', { name: 'Publish pay run' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(section).findByRole('status', { name: 'Pay run published' })).toHaveTextContent('3 payslips published.');
    expect(api.requests.find((entry) => entry.path.endsWith('/pay-runs/publish'))!.body).toEqual({ uploadId: 'up-1' });
    expect(within(section).queryByRole('region', { name: /Preview of/ })).not.toBeInTheDocument();
  });

  it('sends a JSON file as application/json whatever the browser calls it', async () => {
    const { api, user } = render({ 'POST /api/employers/:employerId/pay-runs/preview': ok({ ...CLEAN, format: 'json' }) });
    const section = await payRunSection();
    await user.upload(within(section).getByLabelText('Pay run file'), new File(['{"payslips":[]}'], 'run.JSON', { type: '' }));
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    expect(await within(section).findByRole('region', { name: 'Preview of run.JSON' })).toHaveTextContent('FormatJSON');
    expect(api.requests.at(-1)!.headers['Content-Type']).toBe('application/json');
  });

  it('lists every problem by row and field under a heading with the count, and offers no publishing', async () => {
    const { user, container } = render({ 'POST /api/employers/:employerId/pay-runs/preview': ok(WITH_PROBLEMS) });
    const section = await payRunSection();
    await user.upload(within(section).getByLabelText('Pay run file'), csvFile());
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    const preview = await within(section).findByRole('region', { name: 'Preview of march.csv' });
    expect(within(preview).getByRole('heading', { name: '3 problems to correct' })).toBeInTheDocument();
    const table = within(preview).getByRole('table', { name: '3 problems to correct' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) =>
          within(row)
            .queryAllByRole('cell')
            .map((cell) => cell.textContent),
        )
        .slice(1),
    ).toEqual([
      ['2', 'grossPence', 'Enter a whole number of pence'],
      ['7', 'niNumber', 'This is not a National Insurance number'],
      ['Whole file', '–', 'The pay date is missing from every row'],
    ]);
    const publish = within(preview).getByRole('button', { name: 'Publish pay run' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription('The pay run cannot be published until the file has no problems.');
    await expectNoAxeViolations(container);
  });

  it('says when the pay run is published already, instead of offering to publish it', async () => {
    const { user } = render({ 'POST /api/employers/:employerId/pay-runs/preview': ok({ ...CLEAN, alreadyPublished: true }) });
    const section = await payRunSection();
    await user.upload(within(section).getByLabelText('Pay run file'), csvFile());
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    const preview = await within(section).findByRole('region', { name: 'Preview of march.csv' });
    expect(within(preview).getByRole('status', { name: 'This pay run is published already' })).toBeInTheDocument();
    expect(within(preview).queryByRole('button', { name: 'Publish pay run' })).not.toBeInTheDocument();
  });

  it('says when publishing again changed nothing', async () => {
    const { user } = render({
      'POST /api/employers/:employerId/pay-runs/preview': ok(CLEAN),
      'POST /api/employers/:employerId/pay-runs/publish': ok({ payRunId: 'pr-2026-03', payslips: 3, unchanged: true }),
    });
    const section = await payRunSection();
    await user.upload(within(section).getByLabelText('Pay run file'), csvFile());
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    await user.click(await within(section).findByRole('button', { name: 'Publish pay run' }));
    expect(await within(section).findByRole('status', { name: 'Nothing changed' })).toHaveTextContent('published with the same content before');
  });

  it('checks the choice before sending: none, the wrong type, too large; the summary takes focus and links to the field', async () => {
    const { api, user } = render();
    const section = await payRunSection();
    const input = within(section).getByLabelText('Pay run file');
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    const summary = await within(section).findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(within(summary).getByRole('link', { name: 'Choose a pay run file to upload' }));
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Error: Choose a pay run file to upload/);

    // The file picker filters by type; a file dropped on it need not be. (Set as the input's files
    // directly, as a drop does, from here on.)
    fireEvent.change(input, { target: { files: [new File(['x'], 'march.xlsx')] } });
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    expect(await within(section).findByRole('link', { name: 'The pay run file must be a .json or .csv file' })).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [sized(csvFile(), 20 * 1024 * 1024 + 1)] } });
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    expect(await within(section).findByRole('link', { name: 'The pay run file must be 20 MB or smaller' })).toBeInTheDocument();
    expect(api.requests.some((entry) => entry.method === 'POST')).toBe(false);
  });

  it.each([
    ['preview', 413, 'console.upload_too_large', 'The pay run file could not be checked', 'The file is too large.'],
    ['publish', 409, 'console.not_publishable', 'The pay run was not published', 'This upload has problems, so nothing was published.'],
    ['publish', 404, 'console.upload_not_found', 'The pay run was not published', 'This upload has expired: uploads are kept for an hour.'],
  ] as const)('words a refused %s (%s %s)', async (step, status, code, title, words) => {
    const { user } = render({
      'POST /api/employers/:employerId/pay-runs/preview': step === 'preview' ? consoleError(status, code) : ok(CLEAN),
      'POST /api/employers/:employerId/pay-runs/publish': consoleError(status, code),
    });
    const section = await payRunSection();
    await user.upload(within(section).getByLabelText('Pay run file'), csvFile());
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    if (step === 'publish') await user.click(await within(section).findByRole('button', { name: 'Publish pay run' }));
    expect(await within(section).findByRole('alert', { name: title })).toHaveTextContent(words);
  });
});

describe('publishing documents in bulk', () => {
  const PREVIEW: DocumentsPreview = {
    uploadId: 'docs-1',
    publishable: false,
    files: [
      { name: 'E0001_P60_2025-26.pdf', employeeId: 'E0001', employeeName: 'Casey Lewis', type: 'P60', taxYear: '2025-26', problem: null },
      { name: 'E0002_PensionLetter_2025-26.pdf', employeeId: 'E0002', employeeName: 'Robin Hughes', type: 'PensionLetter', taxYear: '2025-26', problem: null },
      { name: 'scan.pdf', employeeId: null, employeeName: null, type: null, taxYear: null, problem: 'The name is not <employeeId>_<type>_<taxYear>.pdf' },
    ],
  };

  it('explains the file-name rule, sends the PDFs and manifest as multipart, and shows each file with its problem', async () => {
    const { api, user, container } = render({ 'POST /api/employers/:employerId/documents/preview': ok(PREVIEW) });
    const section = await documentsSection();
    expect(section).toHaveTextContent('Name each file <employeeId>_<type>_<taxYear>.pdf');
    expect(section).toHaveTextContent('one of P60, P45, P11D, PensionLetter');
    expect(section).toHaveTextContent('E0042_P60_2025-26.pdf');
    const files = within(section).getByLabelText('PDF files');
    expect(files).toHaveAttribute('multiple');
    const manifest = within(section).getByLabelText('Manifest (optional)');

    const chosen = [pdf('E0001_P60_2025-26.pdf'), pdf('E0002_PensionLetter_2025-26.pdf'), pdf('scan.pdf')];
    await user.upload(files, chosen);
    const csv = new File(['file,employeeId,type,taxYear,issuedOn\n'], 'manifest.csv', { type: 'text/csv' });
    await user.upload(manifest, csv);
    await user.click(within(section).getByRole('button', { name: 'Check the files' }));

    const preview = await within(section).findByRole('region', { name: '1 of 3 files has a problem' });
    const request = api.requests.find((entry) => entry.path === '/api/employers/emp-north/documents/preview')!;
    expect(request.body).toBeInstanceOf(FormData);
    const form = request.body as FormData;
    expect((form.getAll('file') as File[]).map(({ name }) => name)).toEqual(chosen.map(({ name }) => name));
    expect((form.get('manifest') as File).name).toBe('manifest.csv');

    const table = within(preview).getByRole('table', { name: 'Files checked' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['File', 'Employee', 'Type', 'Tax year', 'Problem']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['E0001_P60_2025-26.pdf', 'Casey Lewis (E0001)', 'P60', '2025/26', 'None']);
    expect(rows[1]).toHaveTextContent('Pension letter');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['scan.pdf', '–', '–', '–', 'The name is not <employeeId>_<type>_<taxYear>.pdf']);
    expect(within(preview).getByRole('button', { name: 'Publish documents' })).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  it('publishes a clean upload, all together', async () => {
    const clean = { ...PREVIEW, files: PREVIEW.files.slice(0, 2), publishable: true };
    const { api, user } = render({
      'POST /api/employers/:employerId/documents/preview': ok(clean),
      'POST /api/employers/:employerId/documents/publish': ok({ published: 1, unchanged: 1 }),
    });
    const section = await documentsSection();
    await user.upload(within(section).getByLabelText('PDF files'), [pdf('E0001_P60_2025-26.pdf'), pdf('E0002_PensionLetter_2025-26.pdf')]);
    await user.click(within(section).getByRole('button', { name: 'Check the files' }));
    const preview = await within(section).findByRole('region', { name: '2 files checked, no problems' });
    expect((api.requests.at(-1)!.body as FormData).get('manifest')).toBeNull();
    await user.click(within(preview).getByRole('button', { name: 'Publish documents' }));
    expect(await within(section).findByRole('status', { name: 'Documents published' })).toHaveTextContent(
      '1 document published; 1 document was the same as before and did not change.',
    );
    expect(api.requests.find((entry) => entry.path.endsWith('/documents/publish'))!.body).toEqual({ uploadId: 'docs-1' });
  });

  it('checks the files before sending: none, not a PDF, too large, too much in all, a manifest that is not CSV', async () => {
    const { api, user } = render();
    const section = await documentsSection();
    const files = within(section).getByLabelText('PDF files');
    const manifest = within(section).getByLabelText('Manifest (optional)');
    const check = () => user.click(within(section).getByRole('button', { name: 'Check the files' }));

    await check();
    const summary = await within(section).findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Choose the PDF files to upload' })).toBeInTheDocument();

    fireEvent.change(files, { target: { files: [pdf('a.pdf'), new File(['x'], 'notes.docx')] } });
    fireEvent.change(manifest, { target: { files: [new File(['x'], 'manifest.xlsx')] } });
    await check();
    await waitFor(() =>
      expect(
        within(summary)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['notes.docx is not a PDF file: choose PDF files only', 'The manifest must be a .csv file']),
    );
    await user.click(within(summary).getByRole('link', { name: 'The manifest must be a .csv file' }));
    expect(manifest).toHaveFocus();

    fireEvent.change(manifest, { target: { files: [] } });
    fireEvent.change(files, { target: { files: [pdf('a.pdf'), sized(pdf('big.pdf'), 5 * 1024 * 1024 + 1)] } });
    await check();
    expect(await within(section).findByRole('link', { name: 'big.pdf is larger than 5 MB: each file must be 5 MB or smaller' })).toBeInTheDocument();

    fireEvent.change(files, {
      target: { files: Array.from({ length: 11 }, (_, index) => sized(pdf(`E00${index}_P60_2025-26.pdf`), 5 * 1024 * 1024)) },
    });
    await check();
    expect(await within(section).findByRole('link', { name: 'The files come to more than 50 MB: upload them in smaller batches' })).toBeInTheDocument();
    expect(api.requests.some((entry) => entry.method === 'POST')).toBe(false);
  });

  it.each([
    ['preview', 413, 'console.upload_too_large', 'The files could not be checked', 'each PDF 5 MB or smaller, and 50 MB in all'],
    ['publish', 404, 'console.upload_not_found', 'The documents were not published', 'Upload the file again, then publish.'],
  ] as const)('words a refused %s (%s %s)', async (step, status, code, title, words) => {
    const { user } = render({
      'POST /api/employers/:employerId/documents/preview': step === 'preview' ? consoleError(status, code) : ok({ ...PREVIEW, publishable: true }),
      'POST /api/employers/:employerId/documents/publish': consoleError(status, code),
    });
    const section = await documentsSection();
    await user.upload(within(section).getByLabelText('PDF files'), [pdf('E0001_P60_2025-26.pdf')]);
    await user.click(within(section).getByRole('button', { name: 'Check the files' }));
    if (step === 'publish') await user.click(await within(section).findByRole('button', { name: 'Publish documents' }));
    expect(await within(section).findByRole('alert', { name: title })).toHaveTextContent(words);
  });
});
