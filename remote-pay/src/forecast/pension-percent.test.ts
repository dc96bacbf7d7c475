import { readPensionPercent } from './pension-percent';

describe('the pension percentage', () => {
  it('takes 0 to 100 with one decimal place at most, with or without a % sign', () => {
    expect(readPensionPercent('8')).toEqual({ percent: 8 });
    expect(readPensionPercent(' 8.5 % ')).toEqual({ percent: 8.5 });
    expect(readPensionPercent('0')).toEqual({ percent: 0 });
    expect(readPensionPercent('100')).toEqual({ percent: 100 });
  });

  it('says what is wrong', () => {
    expect(readPensionPercent('')).toEqual({ error: 'Enter the percentage of your pay to put into your pension' });
    expect(readPensionPercent('eight')).toEqual({ error: 'Enter a percentage as a number, like 8 or 8.5' });
    expect(readPensionPercent('8.25')).toEqual({ error: 'Enter a percentage as a number, like 8 or 8.5' });
    expect(readPensionPercent('-1')).toEqual({ error: 'Enter a percentage as a number, like 8 or 8.5' });
    expect(readPensionPercent('101')).toEqual({ error: 'Enter a percentage between 0 and 100' });
  });
});
