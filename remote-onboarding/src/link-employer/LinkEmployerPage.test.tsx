import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSignUpProgress } from '@portal/shared/contract';
import { arrangeHostState, actAsHost } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiRoutes } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import LinkEmployerPage from './LinkEmployerPage';

const EMAIL = 'new.starter@example.com';
const SEND_EMAIL = 'GET /api/users/:userId/linking_code_email/:email';
const SEND_PHONE = 'GET /api/users/:userId/linking_code_id/:token/:phone';
const CONFIRM = 'GET /api/users/:userId/linking_code/:code';

function setup(routes: MockApiRoutes = {}, { fakeTimers = false } = {}) {
  const api = mockApi({
    [SEND_EMAIL]: envelopeReply({ sent: true }),
    [SEND_PHONE]: envelopeReply({ sent: true }),
    [CONFIRM]: envelopeReply({ externalEmploymentID: 'emp-42' }),
    ...routes,
  });
  const rendered = renderWithProviders(<LinkEmployerPage />, {
    route: '/setup/link',
    path: '/setup/link',
    routes: [
      { path: '/setup', element: <p>Setup page</p> },
      { path: '/', element: <p>Account picker</p> },
    ],
  });
  const user = fakeTimers ? userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) }) : rendered.user;
  return { ...rendered, user, api };
}

function boxes(): HTMLInputElement[] {
  return [1, 2, 3, 4, 5, 6].map((n) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement);
}

function boxValues(): string {
  return boxes()
    .map((box) => box.value || '_')
    .join('');
}

async function sendCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Send linking code' }));
  await screen.findByRole('group', { name: 'Enter the security code sent by email/text' });
}

describe('LinkEmployerPage', () => {
  beforeEach(() => {
    resetStores();
    setTestRuntimeConfig();
    arrangeHostState({ userId: 'user-1', userInfo: { sub: 'user-1', email: EMAIL } });
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  describe('sending the code', () => {
    it("shows the title, 'Send linking code' and 'Go back' to /, and no boxes before a code is sent", () => {
      setup();
      expect(screen.getByRole('heading', { level: 1, name: 'Please enter your employer code' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send linking code' })).toBeEnabled();
      expect(screen.queryByText('Enter the security code sent by email/text')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Digit 1 of 6')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    });

    it('sends by email to the session email by default, then shows the prompt and a dismissible Code sent notice', async () => {
      const { user, api } = setup();
      expect(screen.getByText(EMAIL)).toBeInTheDocument();
      await sendCode(user);
      expect(api.requests.map((r) => r.path)).toEqual([`/api/users/user-1/linking_code_email/${encodeURIComponent(EMAIL)}`]);
      expect(api.requests[0]?.params.email).toBe(EMAIL);
      expect(screen.getByText('Enter the security code sent by email/text')).toBeInTheDocument();
      expect(boxes()[0]).toHaveFocus();
      const notice = screen.getByRole('status', { name: 'Code sent' });
      expect(notice).toHaveTextContent(EMAIL);
      await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('status', { name: 'Code sent' })).not.toBeInTheDocument();
    });

    it("becomes 'Resend linking code', disabled for 30 seconds with a visible countdown", async () => {
      jest.useFakeTimers();
      const { user, api } = setup({}, { fakeTimers: true });
      await sendCode(user);
      const resend = screen.getByRole('button', { name: 'Resend linking code' });
      expect(resend).toBeDisabled();
      expect(screen.getByText('You can ask for a new code in 30 seconds.')).toBeInTheDocument();
      expect(resend).toHaveAccessibleDescription('You can ask for a new code in 30 seconds.');
      act(() => jest.advanceTimersByTime(10_000));
      expect(screen.getByText('You can ask for a new code in 20 seconds.')).toBeInTheDocument();
      expect(resend).toBeDisabled();
      act(() => jest.advanceTimersByTime(19_000));
      expect(screen.getByText('You can ask for a new code in 1 second.')).toBeInTheDocument();
      expect(resend).toBeDisabled();
      act(() => jest.advanceTimersByTime(1_000));
      expect(resend).toBeEnabled();
      expect(screen.queryByText(/You can ask for a new code/)).not.toBeInTheDocument();
      await user.click(resend);
      await screen.findByText('You can ask for a new code in 30 seconds.');
      expect(api.requests.filter((r) => r.path.includes('linking_code_email'))).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Resend linking code' })).toBeDisabled();
    });

    it('uses the phone channel when a token other than 0 is stored, with the session phone number', async () => {
      localStorage.setItem('token', 'INVITE-2026-DEMO');
      arrangeHostState({ userInfo: { sub: 'user-1', email: EMAIL, phone_number: '07700900123' } });
      const { user, api } = setup();
      expect(screen.getByText('07700900123')).toBeInTheDocument();
      await sendCode(user);
      expect(api.requests[0]?.path).toBe('/api/users/user-1/linking_code_id/INVITE-2026-DEMO/07700900123');
    });

    it("uses the email channel when the stored token is '0'", async () => {
      localStorage.setItem('token', '0');
      const { user, api } = setup();
      await sendCode(user);
      expect(api.requests[0]?.path).toContain('/linking_code_email/');
    });

    it('asks for the mobile number when the session has none', async () => {
      localStorage.setItem('token', 'INVITE-2026-DEMO');
      const { user, api } = setup();
      await user.click(screen.getByRole('button', { name: 'Send linking code' }));
      const phone = screen.getByRole('textbox', { name: 'Mobile number' });
      expect(phone).toHaveFocus();
      expect(phone).toHaveAttribute('type', 'tel');
      expect(phone).toHaveAccessibleDescription('Error: Enter your mobile number');
      expect(api.requests).toHaveLength(0);
      await user.type(phone, '07700 900123{Enter}');
      await screen.findByRole('group', { name: 'Enter the security code sent by email/text' });
      expect(api.requests[0]?.params).toMatchObject({ token: 'INVITE-2026-DEMO', phone: '07700 900123' });
    });

    it("shows the server's rate-limit message plainly and locks for its Retry-After", async () => {
      const { user } = setup({
        [SEND_EMAIL]: { ...errorReply(429, 'Please wait 12 seconds before asking for another code'), headers: { 'retry-after': '12' } },
      });
      await user.click(screen.getByRole('button', { name: 'Send linking code' }));
      const alert = await screen.findByRole('alert', { name: 'We could not send a code' });
      expect(alert).toHaveTextContent('You asked for a code a moment ago. Wait 12 seconds, then ask again.');
      expect(screen.getByText('You can ask for a new code in 12 seconds.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send linking code' })).toBeDisabled();
      expect(screen.queryByRole('status', { name: 'Code sent' })).not.toBeInTheDocument();
    });

    it.each([401, 403])('signs out on %i', async (status) => {
      const signOut = jest.fn();
      actAsHost({ signOut });
      const { user } = setup({ [SEND_EMAIL]: errorReply(status, 'Signed out') });
      await user.click(screen.getByRole('button', { name: 'Send linking code' }));
      await act(async () => {});
      expect(signOut).toHaveBeenCalledTimes(1);
    });
  });

  describe('the six code boxes', () => {
    it('are labelled, numeric, and the first offers one-time-code autofill', async () => {
      const { user } = setup();
      await sendCode(user);
      const all = boxes();
      expect(all).toHaveLength(6);
      all.forEach((box) => expect(box).toHaveAttribute('inputmode', 'numeric'));
      expect(all[0]).toHaveAttribute('autocomplete', 'one-time-code');
      all.slice(1).forEach((box) => expect(box).toHaveAttribute('autocomplete', 'off'));
    });

    it('move focus to the next box after one digit and ignore letters', async () => {
      const { user, api } = setup();
      await sendCode(user);
      await user.keyboard('1');
      expect(boxes()[1]).toHaveFocus();
      await user.keyboard('a');
      expect(boxes()[1]).toHaveFocus();
      await user.keyboard('23');
      expect(boxValues()).toBe('123___');
      expect(boxes()[3]).toHaveFocus();
      expect(api.requests.filter((r) => r.path.includes('/linking_code/'))).toHaveLength(0);
    });

    it('Backspace clears the box and moves back', async () => {
      const { user } = setup();
      await sendCode(user);
      await user.keyboard('123');
      await user.keyboard('{ArrowLeft}');
      expect(boxes()[2]).toHaveFocus();
      await user.keyboard('{Backspace}');
      expect(boxValues()).toBe('12____');
      expect(boxes()[1]).toHaveFocus();
      await user.keyboard('{Backspace}');
      expect(boxValues()).toBe('1_____');
      expect(boxes()[0]).toHaveFocus();
      // From an empty box, Backspace clears the one before.
      await user.keyboard('{ArrowRight}{ArrowRight}{Backspace}');
      expect(boxValues()).toBe('1_____');
      expect(boxes()[1]).toHaveFocus();
      await user.keyboard('{Backspace}');
      expect(boxValues()).toBe('______');
      expect(boxes()[0]).toHaveFocus();
    });

    it('left and right arrows move focus', async () => {
      const { user } = setup();
      await sendCode(user);
      expect(boxes()[0]).toHaveFocus();
      await user.keyboard('{ArrowLeft}');
      expect(boxes()[0]).toHaveFocus();
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(boxes()[2]).toHaveFocus();
      await user.keyboard('{ArrowLeft}');
      expect(boxes()[1]).toHaveFocus();
      await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
      expect(boxes()[5]).toHaveFocus();
    });

    it('typing over a digit replaces it', async () => {
      const { user } = setup();
      await sendCode(user);
      await user.keyboard('12');
      await user.click(boxes()[0]!);
      await user.keyboard('9');
      expect(boxValues()).toBe('92____');
    });

    it.each([
      ['the first box', 0],
      ['a middle box', 3],
      ['the last box', 5],
    ])('a pasted code from 100000 to 999999 into %s fills all six and is confirmed', async (_where, index) => {
      const { user, api, router } = setup();
      await sendCode(user);
      await user.click(boxes()[index]!);
      await user.paste('482913');
      await screen.findByText('Setup page');
      expect(api.requests.at(-1)?.path).toBe('/api/users/user-1/linking_code/482913');
      expect(router.state.location.pathname).toBe('/setup');
    });

    it.each(['099999', '1000000', '12345', '12a456', '12 34 56'])('a pasted %p is not a code: the boxes stay as they were', async (text) => {
      const { user, api } = setup();
      await sendCode(user);
      await user.keyboard('7');
      await user.click(boxes()[2]!);
      await user.paste(text);
      expect(boxValues()).toBe('7_____');
      expect(api.requests.filter((r) => r.path.includes('/linking_code/'))).toHaveLength(0);
    });

    it('an autofilled code (the whole code put into one box) fills all six', async () => {
      const { user, api } = setup();
      await sendCode(user);
      fireEvent.change(boxes()[0]!, { target: { value: '654321' } });
      await screen.findByText('Setup page');
      expect(api.requests.at(-1)?.params.code).toBe('654321');
    });
  });

  describe('confirming', () => {
    it('confirms automatically when all six are filled, stores the link and goes to /setup', async () => {
      arrangeHostState({ signUp: { hasInfo: true } });
      const { user, api, router } = setup();
      await sendCode(user);
      await user.keyboard('12345');
      expect(api.requests.filter((r) => r.path.includes('/linking_code/'))).toHaveLength(0);
      await user.keyboard('6');
      await screen.findByText('Setup page');
      expect(api.requests.at(-1)?.path).toBe('/api/users/user-1/linking_code/123456');
      expect(router.state.location.pathname).toBe('/setup');
      expect(getSignUpProgress()).toMatchObject({ isLinked: true, externalEmploymentID: 'emp-42', code: '123456', hasInfo: false });
    });

    it('reads externalEmploymentID from JSON text too', async () => {
      const { user } = setup({ [CONFIRM]: envelopeReply(JSON.stringify({ externalEmploymentID: 'emp-7' })) });
      await sendCode(user);
      await user.paste('123456');
      await screen.findByText('Setup page');
      expect(getSignUpProgress().externalEmploymentID).toBe('emp-7');
    });

    it.each([
      ['an answer without externalEmploymentID', envelopeReply({})],
      ['a wrong code (400)', errorReply(400, 'Incorrect code')],
    ])("shows a dismissible 'Incorrect code' on %s and keeps the digits", async (_case, reply) => {
      const { user, router } = setup({ [CONFIRM]: reply });
      await sendCode(user);
      await user.paste('111111');
      const alert = await screen.findByRole('alert', { name: 'Incorrect code' });
      expect(alert).toHaveTextContent('Please enter a correct linking code.');
      expect(router.state.location.pathname).toBe('/setup/link');
      expect(getSignUpProgress().isLinked).toBe(false);
      expect(boxValues()).toBe('111111');
      await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('tries again when a digit is changed after a wrong code', async () => {
      let calls = 0;
      const { user } = setup({
        [CONFIRM]: ({ params }) => {
          calls += 1;
          return params.code === '111112' ? envelopeReply({ externalEmploymentID: 'emp-1' }) : errorReply(400, 'Incorrect code');
        },
      });
      await sendCode(user);
      await user.paste('111111');
      await screen.findByRole('alert', { name: 'Incorrect code' });
      await user.keyboard('{Backspace}{ArrowRight}2');
      await screen.findByText('Setup page');
      expect(calls).toBe(2);
    });

    it("shows the server's message plainly on too many tries", async () => {
      const { user } = setup({ [CONFIRM]: errorReply(429, 'Too many incorrect attempts. Please wait an hour and try again.') });
      await sendCode(user);
      await user.paste('123456');
      const alert = await screen.findByRole('alert', { name: 'We could not check your code' });
      expect(alert).toHaveTextContent('There have been too many wrong tries. Wait an hour, then try again.');
    });

    it.each([401, 403])('signs out on %i', async (status) => {
      const signOut = jest.fn();
      actAsHost({ signOut });
      const { user } = setup({ [CONFIRM]: errorReply(status, 'No') });
      await sendCode(user);
      await user.paste('123456');
      await act(async () => {});
      expect(signOut).toHaveBeenCalledTimes(1);
      expect(getSignUpProgress().isLinked).toBe(false);
    });
  });
});
