import { screen, waitFor } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { errorReply, fileReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { TaxYearDownload } from './TaxYearDownload';

const ARCHIVE_ROUTE = 'GET /api/users/:userId/employments/:employmentId/tax-years/:taxYear/archive';

let saved: string[];
beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', employmentId: 'e1' });
  saved = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Download a tax year', () => {
  it('downloads the chosen year as one ZIP under the name the server gives', async () => {
    const api = mockApi({ [ARCHIVE_ROUTE]: fileReply('2025-26 Pay documents - Northwind Logistics Ltd.zip', 'PK', 'application/zip') });
    const { user } = renderWithProviders(<TaxYearDownload taxYears={['2026/27', '2025/26']} />);
    expect(screen.getByRole('region', { name: 'Download a tax year' })).toHaveTextContent(
      'Every payslip, P60, P45, P11D and pension letter of one tax year, in one ZIP file.',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tax year' }), '2025/26');
    await user.click(screen.getByRole('button', { name: 'Download 2025/26 (ZIP)' }));
    await waitFor(() => expect(saved).toEqual(['2025-26 Pay documents - Northwind Logistics Ltd.zip']));
    expect(api.requests.at(-1)?.path).toBe('/api/users/u1/employments/e1/tax-years/2025-26/archive');
  });

  it('offers the one year without a choice when there is only one', () => {
    mockApi({});
    renderWithProviders(<TaxYearDownload taxYears={['2026/27']} />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download 2026/27 (ZIP)' })).toBeEnabled();
  });

  it('says why when the download is refused', async () => {
    mockApi({
      [ARCHIVE_ROUTE]: errorReply(429, 'You have asked for many downloads in a short time. Wait a few minutes, then try again.', {
        code: 'files.too_many_downloads',
      }),
    });
    const { user } = renderWithProviders(<TaxYearDownload taxYears={['2026/27']} />);
    await user.click(screen.getByRole('button', { name: 'Download 2026/27 (ZIP)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your tax year could not be downloaded');
    expect(saved).toEqual([]);
  });

  it('shows nothing without a year', () => {
    mockApi({});
    const { container } = renderWithProviders(<TaxYearDownload taxYears={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
