import { displayValue, editTitle, fullName, savedMessage } from './profile-fields';
import { samUser } from './profile-test-utils';

describe('profile fields', () => {
  it('joins the name parts that are given', () => {
    expect(fullName(samUser)).toBe('Sam Patel');
    expect(fullName({ ...samUser, middleName: 'Raj' })).toBe('Sam Raj Patel');
    expect(fullName({ ...samUser, firstName: '', middleName: '  ' })).toBe('Patel');
  });

  it('shows the date of birth en-GB and the NI number from user.data', () => {
    expect(displayValue('dateOfBirth', samUser)).toBe('14 May 1990');
    expect(displayValue('niNumber', samUser)).toBe('AB123456C');
    expect(displayValue('mobile', { ...samUser, mobilePhone: null })).toBe('');
    expect(displayValue('dateOfBirth', { ...samUser, birthDate: null })).toBe('');
  });

  it('titles an edit screen for one active employer, several, or none', () => {
    expect(editTitle('name', 1)).toBe('Change your name for your active employer');
    expect(editTitle('email', 2)).toBe('Change your email address for your active employers');
    expect(editTitle('niNumber', 0)).toBe('Change your National Insurance number');
  });

  it('says what was saved', () => {
    expect(savedMessage('dateOfBirth')).toBe('Your date of birth has been updated.');
  });
});
