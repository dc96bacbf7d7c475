import { emptyCodeDigits, isCodeComplete, parsePastedCode, typedDigit } from './code-digits';

describe('code digits', () => {
  it('starts with six empty boxes', () => {
    expect(emptyCodeDigits()).toEqual(['', '', '', '', '', '']);
    expect(isCodeComplete(emptyCodeDigits())).toBe(false);
  });

  it('is complete only with six digits', () => {
    expect(isCodeComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
    expect(isCodeComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isCodeComplete(['1', '2', '3', '4', '5'])).toBe(false);
  });

  it.each([
    ['100000', '100000'],
    ['999999', '999999'],
    ['  482913 ', '482913'],
  ])('accepts the pasted number %p', (text, code) => {
    expect(parsePastedCode(text)?.join('')).toBe(code);
  });

  it.each(['099999', '012345', '1000000', '99999', '12 3456', 'abcdef', '-12345', '123.45', ''])('rejects the pasted text %p', (text) => {
    expect(parsePastedCode(text)).toBeNull();
  });

  it('reads the digit typed into a box', () => {
    expect(typedDigit('', '7')).toBe('7');
    expect(typedDigit('3', '37')).toBe('7');
    expect(typedDigit('3', '73')).toBe('7');
    expect(typedDigit('3', '33')).toBe('3');
    expect(typedDigit('3', '')).toBe('');
    expect(typedDigit('', 'a')).toBeNull();
    expect(typedDigit('', '123')).toBeNull();
  });
});
