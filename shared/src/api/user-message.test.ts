import {
  GENERIC_USER_MESSAGE,
  NETWORK_USER_MESSAGE,
  SERVER_USER_MESSAGE,
  identityCheckNotice,
  incorrectCodeNotice,
  resendWaitNotice,
  sendCodeNotice,
  userMessageFor,
} from './user-message';

describe('userMessageFor: the API error in words for a user', () => {
  it.each([
    ['params.phoneNumber must be a phone number like 07700 900123', 'Enter a UK mobile number, like 07700 900123.'],
    ['body.user.birthDate must be a real date written as YYYY-MM-DD', 'Enter a real date of birth, for example, 14 5 1990.'],
    ['body.dob must be a date written as MM/DD/YYYY', 'Enter a real date of birth, for example, 14 5 1990.'],
    ['body.user.birthDate must not be in the future', 'Date of birth must be in the past.'],
    ['body.NINumber must be a National Insurance number like QQ 12 34 56 C', 'Enter a National Insurance number in the right format, like QQ 12 34 56 C.'],
    ['Please wait 25 seconds before asking for another code', 'You asked for a code a moment ago. Wait 25 seconds, then ask again.'],
  ])('maps "%s"', (server, message) => {
    expect(userMessageFor(400, server)).toBe(message);
  });

  it('says why a download was not made (proof of income, downloads limit)', () => {
    expect(userMessageFor(404, 'There are no payslips or P60 for a proof of income yet')).toBe(
      'There is nothing to put in a proof of income yet: it needs a payslip or a P60 from this employer.',
    );
    expect(userMessageFor(429, 'You have asked for many downloads in a short time. Wait a few minutes, then try again.')).toBe(
      'You have asked for many downloads in a short time. Wait a few minutes, then try again.',
    );
  });

  it('never shows an unknown server text word for word', () => {
    expect(userMessageFor(400, 'body.frobnicate must be a widget', 'Check what you entered.')).toBe('Check what you entered.');
    expect(userMessageFor(400, 'body.frobnicate must be a widget')).toBe(GENERIC_USER_MESSAGE);
    expect(userMessageFor(500, 'TypeError: x is undefined')).toBe(SERVER_USER_MESSAGE);
  });

  it('says the server could not be reached when there is no status', () => {
    expect(userMessageFor(null, null)).toBe(NETWORK_USER_MESSAGE);
  });
});

const MISMATCH = 'The details you gave do not match your employer’s records. Check them and try again.';
const LOCKED = 'This employment record is locked after too many failed checks. Please contact your employer to unlock it.';

describe('identityCheckNotice: one message after a failed identity check', () => {
  it('says what happened, the tries left before the lock, and to enter the code already sent again, without contradicting itself', () => {
    const notice = identityCheckNotice(400, MISMATCH, 3);
    expect(notice).toEqual({
      title: 'Your details did not match',
      text: 'The details you entered do not match your employer’s records. You have 3 more tries before your employment record is locked. To try again, go to ‘Link to your employer’ and enter the 6-digit code we sent you again (if it no longer works, ask for a new one), then enter your details exactly as your employer has them.',
      nextStep: 'enter-code-again',
    });
    expect(notice.text).not.toMatch(/Check them and try again/);
  });

  it('warns before the last try what the lock means', () => {
    const { text } = identityCheckNotice(400, MISMATCH, 1);
    expect(text).toMatch(/You have 1 more try before your employment record is locked\. If that try is wrong too, your employer will have to unlock it\./);
  });

  it('says the record is locked and to contact the employer, not to link again', () => {
    expect(identityCheckNotice(423, LOCKED, null)).toEqual({
      title: 'Your employment record is locked',
      text: 'Your employment record is locked after too many wrong answers. Contact your employer to unlock it.',
      nextStep: null,
    });
  });

  it('explains a code that no longer works, and other failures, with the next step', () => {
    expect(identityCheckNotice(400, 'Incorrect code', null).text).toBe(
      'Your linking code no longer works: a code expires after 10 minutes or 5 wrong tries. To try again, go to ‘Link to your employer’ and ask for a new code.',
    );
    expect(identityCheckNotice(null, null, null).text).toBe(
      'We could not reach the server. Check your connection and try again. To try again, go to ‘Link to your employer’ and enter the 6-digit code we sent you again (if it no longer works, ask for a new one).',
    );
    expect(identityCheckNotice(409, 'This employment record is already linked to another account. Please contact your employer.', null).nextStep).toBeNull();
  });
});

describe('incorrectCodeNotice: the spec’s Incorrect code, with the tries left', () => {
  it('keeps the spec text and adds the tries the code has left', () => {
    expect(incorrectCodeNotice(4)).toEqual({ title: 'Incorrect code', text: 'Please enter a correct linking code. You have 4 more tries with this code.' });
    expect(incorrectCodeNotice(1)).toEqual({
      title: 'Incorrect code',
      text: 'Please enter a correct linking code. You have 1 more try with this code; after that, ask for a new code.',
    });
    expect(incorrectCodeNotice(null)).toEqual({ title: 'Incorrect code', text: 'Please enter a correct linking code.' });
  });
});

describe('resendWaitNotice: asking for a code again too soon', () => {
  it('says how long to wait, not that sending failed', () => {
    expect(resendWaitNotice(25)).toEqual({
      title: 'Your code is on its way',
      text: 'You asked for a code less than 30 seconds ago. Check your messages, or wait 25 seconds and ask for a new one.',
    });
    expect(resendWaitNotice(1).text).toMatch(/wait 1 second and/);
  });
});

describe('sendCodeNotice: a refused code request', () => {
  it('treats the 30-second lockout as a code on its way, with the wait', () => {
    expect(sendCodeNotice(429, 'Please wait 25 seconds before asking for another code', 24)).toEqual({ ...resendWaitNotice(24), tooSoon: true });
    expect(sendCodeNotice(429, 'Please wait 25 seconds before asking for another code', null).text).toMatch(/wait 25 seconds/);
  });

  it('says sending failed for anything else', () => {
    expect(sendCodeNotice(429, 'You have asked for too many codes. Please try again later.', 3000)).toEqual({
      title: 'We could not send a code',
      text: 'You have asked for too many codes. Wait an hour, then ask again.',
      tooSoon: false,
    });
    expect(sendCodeNotice(null, null, null)).toMatchObject({ title: 'We could not send a code', text: NETWORK_USER_MESSAGE, tooSoon: false });
  });
});
