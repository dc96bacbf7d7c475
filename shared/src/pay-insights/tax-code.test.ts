import { explainTaxCode, normaliseTaxCode } from '@portal/shared/pay-insights/tax-code';

describe('explainTaxCode', () => {
  it.each([
    // code, allowance (£ a year), region, emergency, words the summary holds
    ['1257L', 12_570, 'UK', false, 'You can earn £12,570 this tax year before you pay Income Tax.'],
    ['1100L', 11_000, 'UK', false, 'You can earn £11,000'],
    ['1383M', 13_830, 'UK', false, '£13,830'],
    ['1131N', 11_310, 'UK', false, '£11,310'],
    ['S1257L', 12_570, 'Scotland', false, '£12,570'],
    ['C1257L', 12_570, 'Wales', false, '£12,570'],
    ['K475', -4_750, 'UK', false, '£4,750 is added to the pay you are taxed on'],
    ['SK100', -1_000, 'Scotland', false, '£1,000 is added'],
    ['BR', null, 'UK', false, 'taxed at the basic rate (20%)'],
    ['D0', null, 'UK', false, 'higher rate (40%)'],
    ['D1', null, 'UK', false, 'additional rate (45%)'],
    ['SD0', null, 'Scotland', false, 'intermediate rate (21%)'],
    ['SD1', null, 'Scotland', false, 'higher rate (42%)'],
    ['SD2', null, 'Scotland', false, 'advanced rate (45%)'],
    ['SD3', null, 'Scotland', false, 'top rate (48%)'],
    ['0T', null, 'UK', false, 'no tax-free amount'],
    ['NT', null, 'UK', false, 'No Income Tax is taken'],
    ['1257L W1', 12_570, 'UK', true, '£12,570'],
    ['1257L M1', 12_570, 'UK', true, '£12,570'],
    ['1257LX', 12_570, 'UK', true, '£12,570'],
    ['0T M1', null, 'UK', true, 'no tax-free amount'],
    ['BR W1', null, 'UK', true, 'basic rate'],
  ] as const)('%s', (code, allowance, region, emergency, summary) => {
    const explained = explainTaxCode(code);
    expect(explained.recognised).toBe(true);
    expect(explained.allowancePounds).toBe(allowance);
    expect(explained.region).toBe(region);
    expect(explained.emergency).toBe(emergency);
    expect(explained.summary).toContain(summary);
    expect(explained.advice === null).toBe(!emergency);
  });

  it('says what each letter means', () => {
    expect(explainTaxCode('1257L').details).toEqual(['The L means you get the standard tax-free Personal Allowance.']);
    expect(explainTaxCode('1383M').details[0]).toContain('Marriage Allowance');
    expect(explainTaxCode('S1257L').details).toContain('The S means you pay Scottish Income Tax rates, because you live in Scotland.');
    expect(explainTaxCode('C1257L').details).toContain('The C means you pay Welsh Income Tax rates, because you live in Wales.');
    expect(explainTaxCode('K475').details.join(' ')).toContain('never takes more than half');
  });

  it('flags an emergency code and says to check with HMRC', () => {
    const explained = explainTaxCode('1257L M1');
    expect(explained.details.join(' ')).toContain('emergency code');
    expect(explained.advice).toContain('Check your tax code with HMRC');
  });

  it.each(['', '12345L', 'L1257', '1257Q', 'D2', 'CD3', 'K', 'BRX1', '1257L Y1'])('does not recognise %j', (text) => {
    const explained = explainTaxCode(text);
    expect(explained.recognised).toBe(false);
    expect(explained.allowancePounds).toBeNull();
    expect(explained.summary).toContain('not a tax code we recognise');
    expect(explained.advice).toContain('personal tax account');
  });
});

describe('normaliseTaxCode', () => {
  it.each([
    ['1257l', '1257L'],
    [' 1257L  m1 ', '1257L M1'],
    ['1257LW1', '1257L W1'],
    ['1257L/M1', '1257L M1'],
    ['s1257l x', 'S1257LX'],
    ['K 475', 'K475'],
  ])('%j → %j', (text, code) => expect(normaliseTaxCode(text)).toBe(code));
});
