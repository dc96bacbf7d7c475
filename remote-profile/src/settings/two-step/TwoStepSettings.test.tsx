import { screen, waitFor, within } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiRoutes } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '../../testing/axe';
import { TwoStepSettings } from './TwoStepSettings';
import { recoveryCodesText } from './RecoveryCodesPanel';

const USER = 'user-sam';
const CODES = ['abcd-2345', 'efgh-6789', 'jkmn-2345', 'pqrs-6789', 'tuvw-2345', 'xyza-6789', 'bcde-2345', 'fghj-6789', 'kmnp-2345', 'qrst-6789'];
const SET_UP = { key: 'JBSW Y3DP EHPK 3PXP', uri: 'otpauth://totp/Pay%20portal:sam?secret=JBSWY3DPEHPK3PXP', qr: { size: 3, rows: ['101', '010', '101'] } };

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER, userInfo: { sub: USER, email: 'sam@example.com' } });
});

function render(routes: MockApiRoutes) {
  const api = mockApi(routes);
  return { api, ...renderWithProviders(<TwoStepSettings />, { route: '/settings' }) };
}

describe('two-step sign-in in Settings', () => {
  it('turns on: the QR code and the key as text, a code from the app, then the recovery codes once, by keyboard', async () => {
    let on = false;
    const { api, user, container } = render({
      'GET /api/users/:userId/two-step': () => envelopeReply({ on, recoveryCodesLeft: on ? 10 : 0, required: false }),
      'POST /api/users/:userId/two-step/set-up': envelopeReply(SET_UP),
      'POST /api/users/:userId/two-step/confirm': ({ body }) => {
        if ((body as { code: string }).code !== '123456')
          return errorReply(400, 'The code is not right. Enter the code your app shows now.', { code: 'two_step.code_incorrect' });
        on = true;
        return envelopeReply({ recoveryCodes: CODES });
      },
    });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText('Off.')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    // Tab to the button and press Enter.
    const start = within(section).getByRole('button', { name: 'Turn on two-step sign-in' });
    await user.tab();
    expect(start).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(section).findByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeInTheDocument();
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    const code = within(section).getByRole('textbox', { name: 'Code from your app' });
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(code).toHaveAccessibleDescription(/Error: Enter the 6-digit code from your authenticator app/);
    expect(code).toHaveFocus();
    await user.type(code, '000000{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Error: The code is not right/));
    await user.clear(code);
    await user.type(code, '123456{Enter}');

    const heading = await within(section).findByRole('heading', { name: 'Your recovery codes' });
    await waitFor(() => expect(heading).toHaveFocus());
    const list = within(section).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await expectNoAxeViolations(container);

    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(section).getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(recoveryCodesText(CODES));
    expect(await within(section).findByText('Codes copied.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Download codes' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'I have saved my codes' }));
    expect(await within(section).findByRole('status', { name: 'Two-step sign-in is on' })).toBeInTheDocument();
    expect(await within(section).findByText(/You have 10 recovery codes left/)).toBeInTheDocument();
    expect(within(section).queryByText('abcd-2345')).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      [`/api/users/${USER}/two-step/set-up`, {}],
      [`/api/users/${USER}/two-step/confirm`, { code: '000000' }],
      [`/api/users/${USER}/two-step/confirm`, { code: '123456' }],
    ]);
  });

  it('makes new recovery codes with a code from the app', async () => {
    const { api, user } = render({
      'GET /api/users/:userId/two-step': envelopeReply({ on: true, recoveryCodesLeft: 3, required: false }),
      'POST /api/users/:userId/two-step/recovery-codes': envelopeReply({ recoveryCodes: CODES }),
    });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText(/You have 3 recovery codes left/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Make new recovery codes' }));
    await user.type(within(section).getByRole('textbox', { name: 'Code from your app' }), '654321{Enter}');
    expect(await within(section).findByRole('heading', { name: 'Your recovery codes' })).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')!.body).toEqual({ code: '654321' });
  });

  it('turns off with the password instead of a code, and says when the password is wrong', async () => {
    let on = true;
    const { api, user, container } = render({
      'GET /api/users/:userId/two-step': () => envelopeReply({ on, recoveryCodesLeft: on ? 10 : 0, required: false }),
      'POST /api/users/:userId/two-step/turn-off': ({ body }) => {
        if ((body as { password?: string }).password !== 'right-password') return errorReply(400, 'Your password is not right', { code: 'password.not_right' });
        on = false;
        return envelopeReply({ on: false, recoveryCodesLeft: 0, required: false });
      },
    });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Turn off two-step sign-in' }));
    await user.click(within(section).getByRole('button', { name: 'Use your password instead' }));
    const password = within(section).getByLabelText('Your password');
    await user.type(password, 'wrong{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Error: Your password is not right.'));
    expect(password).toHaveFocus();
    await expectNoAxeViolations(container);
    await user.clear(password);
    await user.type(password, 'right-password{Enter}');
    expect(await within(section).findByRole('status', { name: 'Two-step sign-in is off' })).toBeInTheDocument();
    expect(await within(section).findByText('Off.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ password: 'wrong' }, { password: 'right-password' }]);
  });

  it('keeps an employer admin’s on: no way to turn it off', async () => {
    render({ 'GET /api/users/:userId/two-step': envelopeReply({ on: true, recoveryCodesLeft: 10, required: true }) });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText('As an employer admin you must keep two-step sign-in on.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn off two-step sign-in' })).not.toBeInTheDocument();
  });
});
