import { screen, waitFor } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { errorReply, fileReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { EMPLOYMENT_ID, USER_ID } from '../testing/payslip-fixtures';
import { ProofOfIncomeDownload } from './ProofOfIncomeDownload';

const PACK_ROUTE = 'GET /api/users/:userId/employments/:employmentId/proof-of-income';

let saved: string[];
beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
  saved = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Proof of income', () => {
  it('downloads the pack as one PDF under the name the server gives', async () => {
    const api = mockApi({ [PACK_ROUTE]: fileReply('2026-11-23 Proof of income - Northwind Logistics Ltd.pdf') });
    const { user } = renderWithProviders(<ProofOfIncomeDownload />);
    expect(screen.getByRole('region', { name: 'Proof of income' })).toHaveTextContent(
      'Your last three payslips and your latest P60 in one PDF, with a cover page to hand to a lender or a landlord.',
    );
    await user.click(screen.getByRole('button', { name: 'Download proof of income' }));
    await waitFor(() => expect(saved).toEqual(['2026-11-23 Proof of income - Northwind Logistics Ltd.pdf']));
    expect(api.requests.at(-1)?.path).toBe(`/api/users/${USER_ID}/employments/${EMPLOYMENT_ID}/proof-of-income`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says in plain words when there is nothing to pack, and the message can be dismissed', async () => {
    mockApi({ [PACK_ROUTE]: errorReply(404, 'There are no payslips or P60 for a proof of income yet', { code: 'files.nothing_for_proof_of_income' }) });
    const { user } = renderWithProviders(<ProofOfIncomeDownload />);
    await user.click(screen.getByRole('button', { name: 'Download proof of income' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your proof of income could not be downloaded');
    expect(alert).toHaveTextContent('There is nothing to put in a proof of income yet: it needs a payslip or a P60 from this employer.');
    expect(saved).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says to wait when the downloads limit is reached', async () => {
    mockApi({
      [PACK_ROUTE]: errorReply(429, 'You have asked for many downloads in a short time. Wait a few minutes, then try again.', {
        code: 'files.too_many_downloads',
      }),
    });
    const { user } = renderWithProviders(<ProofOfIncomeDownload />);
    await user.click(screen.getByRole('button', { name: 'Download proof of income' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have asked for many downloads in a short time. Wait a few minutes, then try again.');
  });

  it('shows nothing before an employment is chosen', () => {
    arrangeHostState({ userId: USER_ID, employmentId: null });
    mockApi({});
    const { container } = renderWithProviders(<ProofOfIncomeDownload />);
    expect(container).toBeEmptyDOMElement();
  });
});
