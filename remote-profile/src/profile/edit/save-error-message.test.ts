import { plainSaveError } from './save-error-message';

describe('plainSaveError', () => {
  it('names the field as the user knows it', () => {
    expect(plainSaveError('body.user.mobilePhone must be a phone number like 07700 900123')).toBe(
      'Your mobile number must be a phone number like 07700 900123.',
    );
    expect(plainSaveError('body.user.data.niNumber must be a National Insurance number like QQ 12 34 56 C')).toBe(
      'Your National Insurance number must be a National Insurance number like QQ 12 34 56 C.',
    );
    expect(plainSaveError('body/user/birthDate must not be in the future.')).toBe('Your date of birth must not be in the future.');
  });

  it('replaces a raw pattern with plain words', () => {
    expect(plainSaveError('body.user.email must match pattern "^[^\\s@]+@[^\\s@]+$"')).toBe('Your new email address is not in the right format.');
  });

  it('leaves other messages as they are', () => {
    expect(plainSaveError('That email address is already used by another account')).toBe('That email address is already used by another account');
    expect(plainSaveError('body.user.unknown must be something')).toBe('body.user.unknown must be something');
  });
});
