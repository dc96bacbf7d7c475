import { activateLanguage } from '../i18n';
import { sharedTexts } from '../messages';
import {
  errorTexts,
  factsOfStatus,
  identityCheckNotice,
  incorrectCodeNotice,
  resendWaitNotice,
  sendCodeNotice,
  userMessageFor,
  waitWords,
  type ErrorFacts,
} from './user-message';

const GENERIC_USER_MESSAGE = 'Sorry, something went wrong. Try again.';
const SERVER_USER_MESSAGE = 'Sorry, there is a problem with the service. Try again later.';
const NETWORK_USER_MESSAGE = 'We could not reach the server. Check your connection and try again.';

/** What an error answer said: its status and code, with the rest as given. */
const said = (status: number | null, code: ErrorFacts['code'], more: Partial<ErrorFacts> = {}): ErrorFacts => ({
  ...factsOfStatus(status),
  code,
  ...more,
});

describe('userMessageFor: the API error in words for a user, by its code and field', () => {
  it.each([
    ['phoneNumber', 'Enter a UK mobile number, like 07700 900123.'],
    ['mobilePhone', 'Enter a UK mobile number, like 07700 900123.'],
    ['birthDate', 'Enter a real date of birth, for example, 14 5 1990.'],
    ['dob', 'Enter a real date of birth, for example, 14 5 1990.'],
    ['NINumber', 'Enter a National Insurance number in the right format, like QQ 12 34 56 C.'],
    ['bankAccount', 'Enter the last 4 digits of your bank account, like 1234.'],
    ['email', 'Enter an email address in the right format, like name@example.com.'],
  ])('words the field %s', (field, message) => {
    expect(userMessageFor(said(400, 'request.field_invalid', { field }))).toBe(message);
  });

  it('words each code a person meets, with what the answer said beside it', () => {
    expect(userMessageFor(said(400, 'profile.birth_date_in_future', { field: 'birthDate' }))).toBe('Date of birth must be in the past.');
    expect(userMessageFor(said(429, 'linking.resend_too_soon', { retryAfterSeconds: 25 }))).toBe(
      'You asked for a code a moment ago. Wait 25 seconds, then ask again.',
    );
    expect(userMessageFor(said(400, 'identity.mismatch', { triesLeft: 2 }))).toMatch(/You have 2 more tries before your payroll record is locked/);
  });

  it('says why a download was not made (proof of income, downloads limit)', () => {
    expect(userMessageFor(said(404, 'files.nothing_for_proof_of_income'))).toBe(
      'There is nothing to put in a proof of income yet: it needs a payslip or a P60 from this employer.',
    );
    expect(userMessageFor(said(429, 'files.too_many_downloads'))).toBe(
      'You have asked for many downloads in a short time. Wait a few minutes, then try again.',
    );
  });

  it('falls back to the page’s words or the status’s for a code or field it does not word', () => {
    expect(userMessageFor(said(400, 'request.field_invalid', { field: 'frobnicate' }), 'Check what you entered.')).toBe('Check what you entered.');
    expect(userMessageFor(said(400, 'request.invalid'))).toBe(GENERIC_USER_MESSAGE);
    expect(userMessageFor(said(500, 'service.error'))).toBe(SERVER_USER_MESSAGE);
    expect(userMessageFor(said(404, 'resource.not_found'))).toBe('We could not find what you asked for. Go back and try again.');
  });

  it('says the server could not be reached when there is no status', () => {
    expect(userMessageFor(factsOfStatus(null))).toBe(NETWORK_USER_MESSAGE);
  });
});

describe('identityCheckNotice: one message after a failed identity check', () => {
  it('says what happened, the tries left before the lock, and to enter the code already sent again, without contradicting itself', () => {
    const notice = identityCheckNotice(said(400, 'identity.mismatch', { triesLeft: 3 }));
    expect(notice).toEqual({
      title: 'Your details did not match',
      text: 'The details you entered do not match your employer’s records. You have 3 more tries before your payroll record is locked. To try again, go to ‘Link to your employer’ and enter the 6-digit linking code we sent you again (if it no longer works, ask for a new one), then enter your details exactly as your employer has them.',
      nextStep: 'enter-code-again',
    });
    expect(notice.text).not.toMatch(/Check them and try again/);
  });

  it('warns before the last try what the lock means', () => {
    const { text } = identityCheckNotice(said(400, 'identity.mismatch', { triesLeft: 1 }));
    expect(text).toMatch(/You have 1 more try before your payroll record is locked\. If that try is wrong too, your employer will have to unlock it\./);
  });

  it('says the record is locked and to contact the employer, not to link again', () => {
    expect(identityCheckNotice(said(423, 'identity.record_locked'))).toEqual({
      title: 'Your payroll record is locked',
      text: 'Your payroll record is locked after too many wrong answers. Contact your employer to unlock it.',
      nextStep: null,
    });
  });

  it('explains a code that no longer works, and other failures, with the next step', () => {
    expect(identityCheckNotice(said(400, 'linking.code_incorrect')).text).toBe(
      'Your linking code no longer works: a code expires after 10 minutes or 5 wrong tries. To try again, go to ‘Link to your employer’ and ask for a new code.',
    );
    expect(identityCheckNotice(factsOfStatus(null)).text).toBe(
      'We could not reach the server. Check your connection and try again. To try again, go to ‘Link to your employer’ and enter the 6-digit linking code we sent you again (if it no longer works, ask for a new one).',
    );
    expect(identityCheckNotice(said(409, 'identity.already_linked')).nextStep).toBeNull();
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
    expect(sendCodeNotice(said(429, 'linking.resend_too_soon', { retryAfterSeconds: 25 }), 24)).toEqual({ ...resendWaitNotice(24), tooSoon: true });
    expect(sendCodeNotice(said(429, 'linking.resend_too_soon', { retryAfterSeconds: 25 }), null).text).toMatch(/wait 25 seconds/);
  });

  it('says sending failed for anything else', () => {
    expect(sendCodeNotice(said(429, 'linking.too_many_codes'), 3000)).toEqual({
      title: 'We could not send a code',
      text: 'You have asked for too many codes. Wait an hour, then ask again.',
      tooSoon: false,
    });
    expect(sendCodeNotice(factsOfStatus(null), null)).toMatchObject({ title: 'We could not send a code', text: NETWORK_USER_MESSAGE, tooSoon: false });
  });
});

describe('in Welsh', () => {
  beforeAll(async () => {
    await activateLanguage('cy');
    await Promise.all([errorTexts.load(), sharedTexts.load()]);
  });
  afterAll(() => activateLanguage('en'));

  it('words codes, fields, notices and waits in Welsh', () => {
    expect(userMessageFor(said(400, 'request.field_invalid', { field: 'NINumber' }))).toBe(
      'Rhowch rif Yswiriant Gwladol yn y fformat cywir, fel QQ 12 34 56 C.',
    );
    expect(userMessageFor(said(400, 'request.invalid'))).toBe("Mae'n ddrwg gennym, aeth rhywbeth o'i le. Rhowch gynnig arall arni.");
    expect(incorrectCodeNotice(3)).toEqual({ title: 'Cod anghywir', text: "Rhowch god cysylltu cywir. Mae gennych 3 cynnig arall gyda'r cod hwn." });
    expect(identityCheckNotice(said(423, 'identity.record_locked')).title).toBe("Mae eich cofnod cyflogres wedi'i gloi");
    expect(waitWords(600)).toBe('10 munud');
    expect(waitWords(3 * 3600)).toBe('3 awr');
    expect(waitWords(null)).toBe('ychydig funudau');
  });
});
