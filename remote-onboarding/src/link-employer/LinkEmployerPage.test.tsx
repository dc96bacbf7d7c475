import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
const PENDING = 'GET /api/users/:userId/linking_code_request';
const NOTHING_PENDING = { pending: false, channel: null, expiresInSeconds: null, triesLeft: null, resendInSeconds: 0 };

function setup(routes: MockApiRoutes = {}, { fakeTimers = false } = {}) {
  const api = mockApi({
    [SEND_EMAIL]: envelopeReply({ sent: true }),
    [SEND_PHONE]: envelopeReply({ sent: true }),
    [CONFIRM]: envelopeReply({ externalEmploymentID: 'emp-42' }),
    [PENDING]: envelopeReply(NOTHING_PENDING),
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

/** 'Send linking code' once the page has asked the server what is pending. */
async function sendButton(): Promise<HTMLElement> {
  const button = screen.getByRole('button', { name: 'Send linking code' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

async function sendCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await sendButton());
  await screen.findByRole('group', { name: 'Enter the security code sent by email/text' });
}

describe('LinkEmployerPage', () => {
  beforeEach(() => {
    resetStores();
    setTestRuntimeConfig();
    arrangeHostState({
      userId: 'user-1',
      userInfo: { sub: 'user-1', email: EMAIL },
      authorisedUser: { userID: 'user-1', email: EMAIL, privacyPolicyAccepted: false, employments: [] },
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  describe('sending the code', () => {
    it("shows the title, 'Send linking code' and 'Go back' to /, and no boxes before a code is sent", async () => {
      setup();
      expect(screen.getByRole('heading', { level: 1, name: 'Please enter your employer code' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send linking code' })).toBeEnabled());
      expect(screen.queryByText('Enter the security code sent by email/text')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Digit 1 of 6')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    });

    it("says the title's employer code and the prompt's security code are the one linking code", async () => {
      const { user } = setup();
      expect(screen.getByText(/Your employer code is the 6-digit linking code we email to the address your employer has for you\./)).toBeInTheDocument();
      await sendCode(user);
      expect(screen.getByRole('group', { name: 'Enter the security code sent by email/text' })).toHaveAccessibleDescription(
        'The security code is the 6-digit linking code in the message we sent you.',
      );
      expect(screen.getByRole('status', { name: 'Code sent' })).toHaveTextContent('a linking code is on its way');
    });

    it('sends by email to the session email by default, then shows the prompt and a dismissible Code sent notice', async () => {
      const { user, api } = setup();
      expect(screen.getByText(EMAIL)).toBeInTheDocument();
      await sendCode(user);
      expect(api.requests.map((r) => r.path)).toEqual([
        '/api/users/user-1/linking_code_request',
        `/api/users/user-1/linking_code_email/${encodeURIComponent(EMAIL)}`,
      ]);
      expect(api.requests[1]?.params.email).toBe(EMAIL);
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
      expect(screen.getByText('You can ask for a new linking code in 30 seconds.')).toBeInTheDocument();
      expect(resend).toHaveAccessibleDescription('You can ask for a new linking code in 30 seconds.');
      act(() => jest.advanceTimersByTime(10_000));
      expect(screen.getByText('You can ask for a new linking code in 20 seconds.')).toBeInTheDocument();
      expect(resend).toBeDisabled();
      act(() => jest.advanceTimersByTime(19_000));
      expect(screen.getByText('You can ask for a new linking code in 1 second.')).toBeInTheDocument();
      expect(resend).toBeDisabled();
      act(() => jest.advanceTimersByTime(1_000));
      expect(resend).toBeEnabled();
      expect(screen.queryByText(/You can ask for a new linking code/)).not.toBeInTheDocument();
      await user.click(resend);
      await screen.findByText('You can ask for a new linking code in 30 seconds.');
      expect(api.requests.filter((r) => r.path.includes('linking_code_email'))).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Resend linking code' })).toBeDisabled();
    });

    it('uses the phone channel when a token other than 0 is stored, with the session phone number', async () => {
      localStorage.setItem('token', 'INVITE-2026-DEMO');
      arrangeHostState({ userInfo: { sub: 'user-1', email: EMAIL, phone_number: '07700900123' } });
      const { user, api } = setup();
      expect(screen.getByText('07700900123')).toBeInTheDocument();
      await sendCode(user);
      expect(api.requests.at(-1)?.path).toBe('/api/users/user-1/linking_code_id/INVITE-2026-DEMO/07700900123');
    });

    it("uses the email channel when the stored token is '0'", async () => {
      localStorage.setItem('token', '0');
      const { user, api } = setup();
      await sendCode(user);
      expect(api.requests.at(-1)?.path).toContain('/linking_code_email/');
    });

    it('asks for the mobile number when the session has none', async () => {
      localStorage.setItem('token', 'INVITE-2026-DEMO');
      const { user, api } = setup();
      await user.click(await sendButton());
      // GOV.UK's pattern: the summary takes focus and its link leads to the field, marked with its own message.
      const summary = screen.getByRole('alert', { name: 'There is a problem' });
      expect(summary).toHaveFocus();
      const phone = screen.getByRole('textbox', { name: 'Mobile number' });
      expect(phone).toHaveAttribute('type', 'tel');
      expect(phone).toHaveAttribute('aria-invalid', 'true');
      expect(phone).toHaveAccessibleDescription('Error: Enter your mobile number');
      await user.click(within(summary).getByRole('link', { name: 'Enter your mobile number' }));
      expect(phone).toHaveFocus();
      expect(api.requests.filter((r) => r.path.includes('linking_code_id'))).toHaveLength(0);
      await user.type(phone, '07700 900123{Enter}');
      await screen.findByRole('group', { name: 'Enter the security code sent by email/text' });
      expect(api.requests.at(-1)?.params).toMatchObject({ token: 'INVITE-2026-DEMO', phone: '07700 900123' });
    });

    it('says how long to wait, not that sending failed, when a code was asked for less than 30 seconds ago', async () => {
      const { user } = setup({
        [SEND_EMAIL]: errorReply(429, 'Please wait 12 seconds before asking for another code', { code: 'linking.resend_too_soon' }, { 'retry-after': '12' }),
      });
      await sendCode(user);
      const notice = screen.getByRole('status', { name: 'Your code is on its way' });
      expect(notice).toHaveTextContent('You asked for a code less than 30 seconds ago. Check your messages, or wait 12 seconds and ask for a new one.');
      expect(screen.queryByText('We could not send a code')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      // The code on its way goes in the boxes; another may be asked for after the wait.
      expect(boxes()[0]).toHaveFocus();
      expect(screen.getByText('You can ask for a new linking code in 12 seconds.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resend linking code' })).toBeDisabled();
      expect(screen.queryByRole('status', { name: 'Code sent' })).not.toBeInTheDocument();
    });

    it("says sending failed on the hourly limit, in the user's words", async () => {
      const { user } = setup({
        [SEND_EMAIL]: errorReply(
          429,
          'You have asked for too many codes. Please try again later.',
          { code: 'linking.too_many_codes' },
          { 'retry-after': '1800' },
        ),
      });
      await user.click(await sendButton());
      const alert = await screen.findByRole('alert', { name: 'We could not send a code' });
      expect(alert).toHaveTextContent('You have asked for too many codes. Wait an hour, then ask again.');
      expect(screen.queryByLabelText('Digit 1 of 6')).not.toBeInTheDocument();
    });

    it('checks a code pasted twice in a row once', async () => {
      const { user, api } = setup({ [CONFIRM]: () => new Promise<never>(() => {}) });
      await sendCode(user);
      const paste = { clipboardData: { getData: () => '123456' } };
      // Both in one act: the second code comes before the page has rendered the first as checking.
      act(() => {
        fireEvent.paste(boxes()[0]!, paste);
        fireEvent.paste(boxes()[0]!, paste);
      });
      await screen.findByText('Checking your linking code…');
      expect(api.requests.filter((r) => r.path.includes('/linking_code/'))).toHaveLength(1);
    });

    it('cancels the check when the page closes, and neither links nor says anything', async () => {
      const { user, api, unmount } = setup({ [CONFIRM]: () => new Promise<never>(() => {}) });
      await sendCode(user);
      await user.paste('123456');
      await screen.findByText('Checking your linking code…');
      const check = api.requests.find((r) => r.path.includes('/linking_code/'));
      expect(check?.signal?.aborted).toBe(false);
      unmount();
      expect(check?.signal?.aborted).toBe(true);
      await act(async () => {});
      expect(getSignUpProgress().isLinked).toBe(false);
      expect(console.error).not.toHaveBeenCalled();
    });

    it.each([401, 403])('signs out on %i', async (status) => {
      const signOut = jest.fn();
      actAsHost({ signOut });
      const { user } = setup({ [SEND_EMAIL]: errorReply(status, 'Signed out') });
      await user.click(await sendButton());
      await act(async () => {});
      expect(signOut).toHaveBeenCalledTimes(1);
    });
    it('sends one code for two presses in a row', async () => {
      const { api } = setup({ [SEND_EMAIL]: () => new Promise<never>(() => {}) });
      const button = await sendButton();
      // Both in one act: the second press comes before the page has rendered the first as pending.
      act(() => {
        fireEvent.click(button);
        fireEvent.click(button);
      });
      await waitFor(() => expect(button).toBeDisabled());
      expect(api.requests.filter((r) => r.path.includes('/linking_code_email/'))).toHaveLength(1);
    });

    it('cancels the send when the page closes, and says nothing about it', async () => {
      const { user, api, unmount } = setup({ [SEND_EMAIL]: () => new Promise<never>(() => {}) });
      await user.click(await sendButton());
      const send = await waitFor(() => {
        const request = api.requests.find((r) => r.path.includes('/linking_code_email/'));
        expect(request).toBeDefined();
        return request;
      });
      expect(send?.signal?.aborted).toBe(false);
      unmount();
      expect(send?.signal?.aborted).toBe(true);
      await act(async () => {});
      expect(console.error).not.toHaveBeenCalled();
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

  describe('after a reload', () => {
    const pendingByEmail = { pending: true, channel: 'email', expiresInSeconds: 540, triesLeft: 5, resendInSeconds: 18 };

    it('brings back the boxes, the resend countdown and the channel from what the server knows', async () => {
      jest.useFakeTimers();
      const { user, api } = setup({ [PENDING]: envelopeReply(pendingByEmail) }, { fakeTimers: true });
      await screen.findByRole('group', { name: 'Enter the security code sent by email/text' });
      expect(api.requests[0]?.path).toBe('/api/users/user-1/linking_code_request');
      expect(screen.getByText('We have sent you a linking code by email. It works for another 9 minutes.')).toBeInTheDocument();
      expect(boxes()).toHaveLength(6);
      const resend = screen.getByRole('button', { name: 'Resend linking code' });
      expect(resend).toBeDisabled();
      expect(screen.getByText('You can ask for a new linking code in 18 seconds.')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(18_000));
      expect(resend).toBeEnabled();
      // The restored code is confirmed like a fresh one.
      await user.click(boxes()[0]!);
      await user.paste('482913');
      await screen.findByText('Setup page');
      expect(getSignUpProgress()).toMatchObject({ isLinked: true, code: '482913' });
    });

    it('names the text channel when the code went by text', async () => {
      setup({ [PENDING]: envelopeReply({ ...pendingByEmail, channel: 'sms', expiresInSeconds: 45 }) });
      expect(await screen.findByText('We have sent you a linking code by text message. It works for another minute.')).toBeInTheDocument();
    });

    it('keeps the resend countdown even when no code is pending', async () => {
      setup({ [PENDING]: envelopeReply({ ...NOTHING_PENDING, resendInSeconds: 7 }) });
      expect(await screen.findByText('You can ask for a new linking code in 7 seconds.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send linking code' })).toBeDisabled();
      expect(screen.queryByLabelText('Digit 1 of 6')).not.toBeInTheDocument();
    });

    it('waits for the signed-in user before asking, so no other account’s id is used', async () => {
      arrangeHostState({ userId: 'someone-before', authorisedUser: null });
      const { api } = setup();
      expect(screen.getByRole('button', { name: 'Send linking code' })).toBeDisabled();
      await act(async () => {});
      expect(api.requests).toHaveLength(0);
      act(() => arrangeHostState({ userId: 'user-1', authorisedUser: { userID: 'user-1', email: EMAIL, privacyPolicyAccepted: false, employments: [] } }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send linking code' })).toBeEnabled());
      expect(api.requests.map((r) => r.path)).toEqual(['/api/users/user-1/linking_code_request']);
    });

    it('still lets the user ask for a code when the server cannot say', async () => {
      setup({ [PENDING]: errorReply(503, 'Unavailable') });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send linking code' })).toBeEnabled());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
      ['an answer without externalEmploymentID', envelopeReply({}), 'Please enter a correct linking code.'],
      [
        'a wrong code (400)',
        errorReply(400, 'Incorrect code', { triesLeft: 4, code: 'linking.code_incorrect' }),
        'Please enter a correct linking code. You have 4 more tries with this code.',
      ],
      [
        'the last wrong try but one',
        errorReply(400, 'Incorrect code', { triesLeft: 1, code: 'linking.code_incorrect' }),
        'Please enter a correct linking code. You have 1 more try with this code; after that, ask for a new code.',
      ],
    ])("on %s: shows a dismissible 'Incorrect code' with the tries left, clears the boxes and focuses the first", async (_case, reply, text) => {
      const { user, router } = setup({ [CONFIRM]: reply });
      await sendCode(user);
      await user.paste('111111');
      const alert = await screen.findByRole('alert', { name: 'Incorrect code' });
      expect(alert).toHaveTextContent(text);
      expect(router.state.location.pathname).toBe('/setup/link');
      expect(getSignUpProgress().isLinked).toBe(false);
      await waitFor(() => expect(boxValues()).toBe('______'));
      expect(boxes()[0]).toHaveFocus();
      // The message stays while the code is typed again, until dismissed or the next try.
      await user.keyboard('12');
      expect(alert).toBeInTheDocument();
      await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('tries again with the code typed again after a wrong one', async () => {
      let calls = 0;
      const { user } = setup({
        [CONFIRM]: ({ params }) => {
          calls += 1;
          return params.code === '111112'
            ? envelopeReply({ externalEmploymentID: 'emp-1' })
            : errorReply(400, 'Incorrect code', { triesLeft: 4, code: 'linking.code_incorrect' });
        },
      });
      await sendCode(user);
      await user.paste('111111');
      await screen.findByRole('alert', { name: 'Incorrect code' });
      await waitFor(() => expect(boxes()[0]).toHaveFocus());
      await user.keyboard('111112');
      await screen.findByText('Setup page');
      expect(calls).toBe(2);
    });

    it('keeps what was typed when the code could not be checked (no connection)', async () => {
      const { user } = setup({ [CONFIRM]: errorReply(503, 'The portal is restarting') });
      await sendCode(user);
      await user.paste('123456');
      await screen.findByRole('alert', { name: 'We could not check your code' });
      expect(boxValues()).toBe('123456');
    });

    it("shows the server's message plainly on too many tries", async () => {
      const { user } = setup({
        [CONFIRM]: errorReply(429, 'Too many incorrect attempts. Please wait an hour and try again.', { code: 'linking.too_many_attempts' }),
      });
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
