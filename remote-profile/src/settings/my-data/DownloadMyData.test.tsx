import { screen, waitFor } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { errorReply, fileReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiReply } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { DownloadMyData } from './DownloadMyData';

const ARCHIVE = 'GET /api/users/:userId/my-data/archive';
const ZIP_NAME = '2026-11-23 My pay portal data.zip';

let saved: string[];
beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'user-jo' });
  saved = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Download my data', () => {
  it('says what the ZIP holds, and saves it under the name the server gives, from the keyboard', async () => {
    let answer: (reply: MockApiReply) => void = () => {};
    const api = mockApi({ [ARCHIVE]: () => new Promise<MockApiReply>((resolve) => (answer = resolve)) });
    const { user, container } = renderWithProviders(<DownloadMyData />);
    const region = screen.getByRole('region', { name: 'Your data' });
    expect(region).toHaveTextContent('Download everything the pay portal holds about you in one ZIP file');
    expect(region).toHaveTextContent('my-data.json');
    await expectNoAxeViolations(container);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Download my data (ZIP)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Preparing your ZIP…' })).toBeDisabled();
    answer(fileReply(ZIP_NAME, 'PK', 'application/zip'));
    await waitFor(() => expect(saved).toEqual([ZIP_NAME]));
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/users/user-jo/my-data/archive']);
    expect(screen.getByRole('button', { name: 'Download my data (ZIP)' })).toBeEnabled();
  });

  it('says plainly when the hourly limit is reached, and saves nothing', async () => {
    mockApi({
      [ARCHIVE]: errorReply(429, 'You have asked for your data 3 times in the last hour. Wait 40 minutes, then try again.', {}, { 'retry-after': '2400' }),
    });
    const { user } = renderWithProviders(<DownloadMyData />);
    await user.click(screen.getByRole('button', { name: 'Download my data (ZIP)' }));
    const alert = await screen.findByRole('alert', { name: 'Your data could not be downloaded' });
    expect(alert).toHaveTextContent('You can download your data 3 times an hour. Wait a while, then try again.');
    expect(saved).toEqual([]);
  });
});
