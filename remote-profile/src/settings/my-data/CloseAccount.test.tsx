import { screen, waitFor, within } from '@testing-library/react';
import type { AccountClosing } from '@portal/shared/api/types';
import { actAsHost, arrangeHostState } from '@portal/shared/testing/host-state';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiReply } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { CloseAccount } from './CloseAccount';

const INFO = 'GET /api/users/:userId/close-account';
const SEND = 'POST /api/users/:userId/close-account/code';
const CLOSE = 'POST /api/users/:userId/close-account';

const byEmail: AccountClosing = {
  email: 'jo.leaver@example.com',
  secondStep: 'email',
  employers: [
    { name: 'Brightwater Foods plc', retentionYears: 6, endDate: '2025-03-31' },
    { name: 'Northwind Logistics Ltd', retentionYears: 7, endDate: null },
  ],
};

/** A refusal as the API sends it: `{ status, error, code, data: null }` (and the tries left). */
const refusal = (status: number, code: string, triesLeft?: number): MockApiReply => ({
  status,
  body: { status, error: 'refused', code, data: null, ...(triesLeft === undefined ? {} : { triesLeft }) },
});

let signOut: jest.Mock;
beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'user-jo' });
  signOut = jest.fn();
  actAsHost({ signOut });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

async function open(closing: AccountClosing, routes: Record<string, MockApiReply | ((r: { body: unknown }) => MockApiReply)> = {}) {
  const api = mockApi({ [INFO]: envelopeReply(closing), ...routes });
  const rendered = renderWithProviders(<CloseAccount />);
  await rendered.user.click(screen.getByRole('button', { name: 'Close my account' }));
  const heading = await screen.findByRole('heading', { level: 3, name: 'What happens when you close your account' });
  await screen.findByRole('heading', { level: 3, name: 'Confirm it is you' });
  return { ...rendered, api, heading };
}

describe('Close your account', () => {
  it('says plainly what happens: the sign-in ends now, what each employer keeps and for how long, and that it cannot be undone', async () => {
    const { heading, container } = await open(byEmail);
    expect(heading).toHaveFocus();
    const region = screen.getByRole('region', { name: 'Close your account' });
    expect(region).toHaveTextContent(
      'Your sign-in account ends now: your email address and password no longer sign you in, and you are signed out on every device.',
    );
    expect(region).toHaveTextContent('Your details in the pay portal, your links to your employers and your notification choices are deleted.');
    const keeps = within(region).getByRole('heading', { name: 'What your employers keep' });
    expect(keeps).toBeInTheDocument();
    expect(
      within(region).getByText('Brightwater Foods plc keeps your payslips for 6 years after they were issued, as the law on pay records requires.'),
    ).toBeInTheDocument();
    expect(
      within(region).getByText('Northwind Logistics Ltd keeps your payslips for 7 years after they were issued, as the law on pay records requires.'),
    ).toBeInTheDocument();
    expect(region).toHaveTextContent('You cannot undo this.');
    expect(screen.getByRole('textbox', { name: 'Code from the email' })).toHaveAccessibleDescription('The 6-digit code in the email.');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expectNoAxeViolations(container);
  });

  it('e-mails a code, refuses a wrong code and a wrong password on their fields, then closes and signs out to the confirmation', async () => {
    const closes: unknown[] = [];
    const { user, api } = await open(byEmail, {
      [SEND]: envelopeReply({ sentTo: byEmail.email, expiresInSeconds: 600 }),
      [CLOSE]: ({ body }) => {
        closes.push(body);
        const { code, password } = body as { code: string; password: string };
        if (code !== '482913') return refusal(400, 'closing.code_wrong', 4);
        if (password !== 'my long password') return refusal(400, 'closing.password_wrong');
        return envelopeReply({ closed: true });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent a code to jo.leaver@example.com.');
    expect(screen.getByRole('button', { name: 'Email me a new code' })).toBeInTheDocument();

    // Nothing typed: nothing sent, each field says what it needs, focus on the first.
    await user.click(screen.getByRole('button', { name: 'Close my account permanently' }));
    const code = screen.getByRole('textbox', { name: 'Code from the email' });
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter the code we emailed you'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Error: Enter your password');
    expect(closes).toEqual([]);

    await user.type(code, '111111');
    await user.type(screen.getByLabelText('Password'), 'my long password');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('The code is not right. You can try 4 more times.')));
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '482913');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'not it');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        expect.stringContaining('Your password is not right. Enter the password you sign in with.'),
      ),
    );
    expect(signOut).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'my long password');
    await user.click(screen.getByRole('button', { name: 'Close my account permanently' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledWith('/account/closed'));
    expect(screen.getByText('Your account is closed. Signing you out…')).toBeInTheDocument();
    expect(closes.at(-1)).toEqual({ code: '482913', password: 'my long password' });
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/users/user-jo/close-account/code',
      '/api/users/user-jo/close-account',
      '/api/users/user-jo/close-account',
      '/api/users/user-jo/close-account',
    ]);
  });

  it('asks an account with an authenticator app for its code, and e-mails nothing', async () => {
    const { user } = await open({ ...byEmail, secondStep: 'authenticator' }, { [CLOSE]: refusal(400, 'closing.code_wrong') });
    expect(screen.queryByRole('button', { name: /Email me/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Close your account' })).toHaveTextContent(
      'your email address and password, and your authenticator app, no longer sign you in',
    );
    const code = screen.getByRole('textbox', { name: 'Code from your authenticator app' });
    expect(code).toHaveAccessibleDescription('The 6-digit code your authenticator app shows now, or one of your recovery codes.');
    await user.type(code, '000000');
    await user.type(screen.getByLabelText('Password'), 'my long password');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining('The code is not right. Enter the code your authenticator app shows now.')),
    );
  });

  it('says above the form when there have been too many tries, and leaves the account open', async () => {
    const { user } = await open(byEmail, { [CLOSE]: refusal(429, 'closing.too_many_passwords') });
    await user.type(screen.getByRole('textbox', { name: 'Code from the email' }), '123456');
    await user.type(screen.getByLabelText('Password'), 'a guess');
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert', { name: 'Your account was not closed' });
    expect(alert).toHaveTextContent('You have entered a wrong password too many times. Wait 15 minutes, then try again.');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('Cancel closes the screen and puts focus back on its button', async () => {
    const { user } = await open(byEmail);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'What happens when you close your account' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close my account' })).toHaveFocus());
  });

  it('is reached and used by keyboard alone, in reading order', async () => {
    const { user } = await open({ ...byEmail, secondStep: 'authenticator' });
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Code from your authenticator app' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close my account permanently' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close my account' })).toHaveFocus());
  });
});
