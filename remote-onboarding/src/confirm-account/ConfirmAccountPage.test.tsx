import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getSignUpProgress } from '@portal/shared/contract';
import { arrangeHostState, actAsHost } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiHandler, MockApiReply } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { readFlashNotice } from '@portal/shared/flash-notice';
import { getPortalQueryClient } from '@portal/shared/react/query-client';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import ConfirmAccountPage from './ConfirmAccountPage';

const FINALIZE = 'POST /api/users/:userId/linking_code/:code';
const EMPLOYMENTS = [{ ID: 'emp-42', name: 'Northwind Logistics Ltd', active: true, endDate: null }];

function setup(reply: MockApiReply | MockApiHandler = envelopeReply(JSON.stringify(EMPLOYMENTS))) {
  const api = mockApi({ [FINALIZE]: reply });
  const rendered = renderWithProviders(<ConfirmAccountPage />, {
    route: '/setup/confirm-account',
    path: '/setup/confirm-account',
    routes: [
      { path: '/', element: <p>Account picker</p> },
      { path: '/sign-up', element: <p>Sign-up page</p> },
      { path: '/setup/select-company', element: <p>Setup account picker</p> },
    ],
  });
  return { ...rendered, api };
}

const field = {
  ni: () => screen.getByRole('textbox', { name: 'National Insurance number' }) as HTMLInputElement,
  bank: () => screen.getByRole('textbox', { name: 'Last 4 digits of bank account' }) as HTMLInputElement,
  day: () => screen.getByRole('textbox', { name: 'Day' }) as HTMLInputElement,
  month: () => screen.getByRole('textbox', { name: 'Month' }) as HTMLInputElement,
  year: () => screen.getByRole('textbox', { name: 'Year' }) as HTMLInputElement,
};

describe('ConfirmAccountPage', () => {
  beforeEach(() => {
    resetStores();
    setTestRuntimeConfig();
    arrangeHostState({ userId: 'user-1', signUp: { isLinked: true, externalEmploymentID: 'emp-42', code: '482913' } });
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the title, the text, the fields with their ids, Confirm and Go back to /', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your information.' })).toBeInTheDocument();
    expect(screen.getByText('Please complete the information below to verify your identity')).toBeInTheDocument();
    expect(field.ni()).toHaveAttribute('id', 'NINumber');
    expect(field.bank()).toHaveAttribute('id', 'bankAccount');
    expect(field.day()).toHaveAttribute('id', 'day');
    expect(field.month()).toHaveAttribute('id', 'month');
    expect(field.year()).toHaveAttribute('id', 'year');
    expect(screen.getByRole('group', { name: /Date of birth/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it('gives the date of birth a British example, in the order of its boxes', () => {
    setup();
    expect(screen.getByRole('group', { name: /Date of birth/ })).toHaveTextContent('For example, 14 5 1990');
  });

  it('has the max lengths of the spec and numeric keyboards', () => {
    setup();
    expect(field.bank()).toHaveAttribute('maxlength', '4');
    expect(field.day()).toHaveAttribute('maxlength', '2');
    expect(field.month()).toHaveAttribute('maxlength', '2');
    expect(field.year()).toHaveAttribute('maxlength', '4');
    [field.bank(), field.day(), field.month(), field.year()].forEach((input) => expect(input).toHaveAttribute('inputmode', 'numeric'));
  });

  it('forces the NI number to upper case and explains where to find it', async () => {
    const { user } = setup();
    await user.type(field.ni(), 'ab123456c');
    expect(field.ni()).toHaveValue('AB123456C');
    expect(field.ni()).toHaveAccessibleDescription('Find your National Insurance number on a previous payslip or P60.');
    await user.click(screen.getByRole('button', { name: 'Where to find your National Insurance number' }));
    expect(screen.getByText('Find your National Insurance number on a previous payslip or P60.')).toBeVisible();
  });

  it('keeps only digits in the bank account, up to 4', async () => {
    const { user } = setup();
    await user.type(field.bank(), '12a3456');
    expect(field.bank()).toHaveValue('1234');
  });

  it('moves on from day and month after 2 characters', async () => {
    const { user } = setup();
    await user.click(field.day());
    await user.keyboard('14');
    expect(field.month()).toHaveFocus();
    await user.keyboard('05');
    expect(field.year()).toHaveFocus();
    await user.keyboard('1990');
    expect([field.day().value, field.month().value, field.year().value]).toEqual(['14', '05', '1990']);
  });

  it.each([
    ['bank', ['day', 'month', 'year'], 'Enter the last 4 digits of your bank account'],
    ['day', ['bank', 'month', 'year'], 'Enter your date of birth (day, month and year)'],
    ['month', ['bank', 'day', 'year'], 'Enter your date of birth (day, month and year)'],
    ['year', ['bank', 'day', 'month'], 'Enter your date of birth (day, month and year)'],
  ] as const)('does not submit without the %s: the summary takes focus and links to it', async (missing, filled, message) => {
    const { user, api } = setup();
    const values = { bank: '4321', day: '14', month: '05', year: '1990' } as const;
    await user.type(field.ni(), 'AB123456C');
    for (const name of filled) await user.type(field[name](), values[name]);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(api.requests).toHaveLength(0);
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: message });
    expect(link).toHaveAttribute('href', `#${field[missing]().id}`);
    expect(field[missing]()).toHaveAttribute('aria-invalid', 'true');
    expect(field[missing]()).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`));
    for (const name of filled) expect(field[name]()).not.toHaveAttribute('aria-invalid');
    expect(field.ni()).toHaveValue('AB123456C');
    await user.click(link);
    expect(field[missing]()).toHaveFocus();
  });

  it('lists both missing fields and keeps what was typed; axe finds nothing', async () => {
    const { user, container } = setup();
    await user.type(field.ni(), 'AB123456C');
    await user.type(field.month(), '05');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#bankAccount', '#day']);
    expect(field.month()).toHaveValue('05');
    expect(field.ni()).toHaveValue('AB123456C');
    await expectNoAxeViolations(container);
  });

  async function fillIn(user: ReturnType<typeof setup>['user'], { ni = 'ab123456c' } = {}) {
    if (ni) await user.type(field.ni(), ni);
    await user.type(field.bank(), '4321');
    await user.type(field.day(), '4');
    await user.type(field.month(), '5');
    await user.type(field.year(), '1990');
  }

  async function fillAndConfirm(user: ReturnType<typeof setup>['user'], options: { ni?: string } = {}) {
    await fillIn(user, options);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
  }

  it('submits without the NI number (it is not required for submit)', async () => {
    const { user, api } = setup();
    await fillAndConfirm(user, { ni: '' });
    await screen.findByRole('heading', { level: 1, name: /Success!/ });
    expect(api.requests[0]?.body).toMatchObject({ NINumber: '', bankAccount: '4321' });
  });

  it('sends the finalize payload with dob as MM/DD/YYYY, then shows success and Continue', async () => {
    const reload = jest.fn().mockResolvedValue(undefined);
    actAsHost({ reloadAuthorisedUser: reload });
    const { user, api, router } = setup();
    await fillAndConfirm(user);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Success! Your account has been successfully linked to your employer' });
    expect(heading).toHaveFocus();
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.path).toBe('/api/users/user-1/linking_code/482913');
    expect(api.requests[0]?.body).toEqual({
      NINumber: 'AB123456C',
      bankAccount: '4321',
      dob: '05/04/1990',
      externalEmploymentID: 'emp-42',
      code: '482913',
    });
    expect(getSignUpProgress()).toMatchObject({ hasInfo: true, isLinked: true });
    expect(reload).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/setup/select-company');
  });

  it('asks again for what was cached of the user, so Profile shows the NI number just proven', async () => {
    const profileKey = ['portal', 'user-1', 'identity-user', 'sub-1'];
    const otherUserKey = ['portal', 'user-2', 'identity-user', 'sub-2'];
    getPortalQueryClient().setQueryData(profileKey, { id: 'sub-1', data: { niNumber: null } });
    getPortalQueryClient().setQueryData(otherUserKey, { id: 'sub-2', data: { niNumber: null } });
    const { user } = setup();
    await fillAndConfirm(user);
    await screen.findByRole('heading', { level: 1, name: /Success!/ });
    await waitFor(() => expect(getPortalQueryClient().getQueryState(profileKey)?.isInvalidated).toBe(true));
    expect(getPortalQueryClient().getQueryState(otherUserKey)?.isInvalidated).toBe(false);
    await expectNoAxeViolations(document.body);
  });

  it('resets the link and goes to / with a message when the answer is shorter than 30 characters', async () => {
    const { user, router } = setup(envelopeReply('[]'));
    await fillAndConfirm(user);
    await screen.findByText('Account picker');
    expect(getSignUpProgress()).toMatchObject({ isLinked: false, externalEmploymentID: null, code: null, hasInfo: false });
    expect(readFlashNotice(router.state.location.state)?.title).toBe('We could not confirm your information');
  });

  it('resets the link and goes to / with one message: what happened, the tries left and the next step', async () => {
    const { user, router } = setup(
      errorReply(400, 'The details you gave do not match your employer’s records. Check them and try again.', { triesLeft: 3, code: 'identity.mismatch' }),
    );
    await fillAndConfirm(user);
    await screen.findByText('Account picker');
    expect(router.state.location.pathname).toBe('/');
    expect(getSignUpProgress()).toMatchObject({ isLinked: false, externalEmploymentID: null, code: null });
    expect(readFlashNotice(router.state.location.state)).toEqual({
      title: 'Your details did not match',
      text: 'The details you entered do not match your employer’s records. You have 3 more tries before your payroll record is locked. To try again, go to ‘Link to your employer’ and enter the 6-digit linking code we sent you again (if it no longer works, ask for a new one), then enter your details exactly as your employer has them.',
      action: { label: 'Enter your code again', to: '/setup/link' },
    });
  });

  it('warns before the last try that the record will lock', async () => {
    const { user, router } = setup(
      errorReply(400, 'The details you gave do not match your employer’s records. Check them and try again.', { triesLeft: 1, code: 'identity.mismatch' }),
    );
    await fillAndConfirm(user);
    await screen.findByText('Account picker');
    expect(readFlashNotice(router.state.location.state)?.text).toMatch(
      /You have 1 more try before your payroll record is locked\. If that try is wrong too, your employer will have to unlock it\./,
    );
  });

  it('says the record is locked after the 5th failure, with no link-again step', async () => {
    const { user, router } = setup(
      errorReply(423, 'This payroll record is locked after too many failed checks. Please contact your employer to unlock it.', {
        code: 'identity.record_locked',
      }),
    );
    await fillAndConfirm(user);
    await screen.findByText('Account picker');
    expect(getSignUpProgress().isLinked).toBe(false);
    expect(readFlashNotice(router.state.location.state)).toEqual({
      title: 'Your payroll record is locked',
      text: 'Your payroll record is locked after too many wrong answers. Contact your employer to unlock it.',
    });
  });

  it('sends one finalize for two presses of Confirm', async () => {
    const { user, api } = setup(() => new Promise<never>(() => {}));
    await fillIn(user);
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    // Both in one act: the second press comes before the page has rendered the first as pending.
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(confirm).toBeDisabled());
    expect(screen.getByRole('status')).toHaveTextContent('Checking your details…');
    expect(api.requests).toHaveLength(1);
  });

  it('cancels finalize when the page closes, keeping the link and saying nothing', async () => {
    const { user, api, unmount } = setup(() => new Promise<never>(() => {}));
    await fillAndConfirm(user);
    await screen.findByText('Checking your details…');
    const finalize = api.requests[0];
    expect(finalize?.signal?.aborted).toBe(false);
    unmount();
    expect(finalize?.signal?.aborted).toBe(true);
    await act(async () => {});
    expect(getSignUpProgress()).toMatchObject({ isLinked: true, externalEmploymentID: 'emp-42', code: '482913', hasInfo: false });
    expect(console.error).not.toHaveBeenCalled();
  });

  it.each([401, 403])('signs out and resets the link on %i', async (status) => {
    const signOut = jest.fn();
    actAsHost({ signOut });
    const { user } = setup(errorReply(status, 'No'));
    await fillAndConfirm(user);
    await act(async () => {});
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(getSignUpProgress().isLinked).toBe(false);
  });

  it('sends an unlinked user to /sign-up', async () => {
    arrangeHostState({ signUp: { isLinked: false, externalEmploymentID: null, code: null } });
    const { router } = setup();
    await screen.findByText('Sign-up page');
    expect(router.state.location.pathname).toBe('/sign-up');
  });
});
