// The list of the most common passwords, and the shared check every new password goes through.
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';
import { COMMON_PASSWORD, chosenPasswordErrors } from './validation';

const WORDS = { tooShort: 'Your new password', mismatch: 'The passwords do not match' };
const STRONG = 'Mulberry-payslip-ledger-7431';

describe('the most common passwords', () => {
  it.each(['123456', 'password', 'qwerty123456', '1qaz2wsx3edc', 'leavemealone'])('include %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it('are compared in any case', () => {
    expect(isCommonPassword('QWERTY123456')).toBe(true);
    expect(isCommonPassword('LeaveMeAlone')).toBe(true);
  });

  it(`run to the ${COMMON_PASSWORDS.toLocaleString('en-GB')}th of the list and no further`, () => {
    expect(COMMON_PASSWORDS).toBe(100_000);
    expect(isCommonPassword('070162')).toBe(true); // the 100,000th
    expect(isCommonPassword('07012006')).toBe(false); // the 100,001st
  });

  it('do not include a strong password, nor one of them with more around it', () => {
    expect(isCommonPassword(STRONG)).toBe(false);
    expect(isCommonPassword('qwerty123456 and more')).toBe(false);
  });
});

describe('a password being chosen', () => {
  it('is refused when it is one of the most common, in a plain sentence on its field', () => {
    expect(chosenPasswordErrors('Qwerty123456', 'Qwerty123456', 'newPassword', WORDS)).toEqual([
      { field: 'newPassword', rule: 'too_common', message: COMMON_PASSWORD },
    ]);
    expect(COMMON_PASSWORD).toBe('This password is too common. Choose one that is harder to guess.');
  });

  it('is told it is too short first, and a mismatch only once it is neither', () => {
    expect(chosenPasswordErrors('qwerty', 'qwerty', 'password', WORDS)).toEqual([
      { field: 'password', rule: 'too_short', message: 'Your new password must be at least 12 characters' },
    ]);
    expect(chosenPasswordErrors('qwerty123456', 'other', 'password', WORDS)).toEqual([{ field: 'password', rule: 'too_common', message: COMMON_PASSWORD }]);
    expect(chosenPasswordErrors(STRONG, 'other', 'password', WORDS)).toEqual([
      { field: 'confirmPassword', rule: 'mismatch', message: 'The passwords do not match' },
    ]);
    expect(chosenPasswordErrors(STRONG, STRONG, 'password', WORDS)).toEqual([]);
  });
});
