import { GENERIC_USER_MESSAGE, NETWORK_USER_MESSAGE, SERVER_USER_MESSAGE, userMessageFor } from './user-message';

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
