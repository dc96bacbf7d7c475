import { pageWords } from '@portal/shared/pay-insights/page-words';
import { explainTaxCode, normaliseTaxCode } from '@portal/shared/pay-insights/tax-code';

const allText = (code: string) => {
  const explained = explainTaxCode(code, pageWords);
  return [explained.summary, ...explained.details].join(' ');
};

describe('explainTaxCode', () => {
  it.each([
    // code as published, as shown, allowance (£ a year), region, non-cumulative, emergency, words the summary holds
    ['1257L', '1257L', 12_570, 'UK', false, false, 'You can earn £12,570 this tax year before you pay Income Tax.'],
    ['1097L', '1097L', 10_970, 'UK', false, false, 'You can earn £10,970 this tax year before you pay Income Tax.'],
    ['1383M', '1383M', 13_830, 'UK', false, false, '£13,830'],
    ['1131N', '1131N', 11_310, 'UK', false, false, '£11,310'],
    ['1257T', '1257T', 12_570, 'UK', false, false, '£12,570'],
    ['S1257L', 'S1257L', 12_570, 'Scotland', false, false, '£12,570'],
    ['C1257L', 'C1257L', 12_570, 'Wales', false, false, '£12,570'],
    ['K475', 'K475', -4_759, 'UK', false, false, '£4,759 a year is added to the pay you are taxed on'],
    ['SK100', 'SK100', -1_009, 'Scotland', false, false, '£1,009 a year is added'],
    ['BR', 'BR', null, 'UK', false, false, 'taxed at the basic rate (20%)'],
    ['CBR', 'CBR', null, 'Wales', false, false, 'taxed at the basic rate (20%)'],
    ['D0', 'D0', null, 'UK', false, false, 'higher rate (40%)'],
    ['D1', 'D1', null, 'UK', false, false, 'additional rate (45%)'],
    ['SD0', 'SD0', null, 'Scotland', false, false, 'intermediate rate (21%)'],
    ['SD1', 'SD1', null, 'Scotland', false, false, 'higher rate (42%)'],
    ['SD2', 'SD2', null, 'Scotland', false, false, 'advanced rate (45%)'],
    ['SD3', 'SD3', null, 'Scotland', false, false, 'top rate (48%)'],
    ['0T', '0T', null, 'UK', false, false, 'no tax-free amount'],
    ['NT', 'NT', null, 'UK', false, false, 'No Income Tax is taken'],
    ['1257L W1', '1257L W1', 12_570, 'UK', true, true, '£12,570'],
    ['1257L M1', '1257L M1', 12_570, 'UK', true, true, '£12,570'],
    ['1257LX', '1257L X', 12_570, 'UK', true, true, '£12,570'],
    ['1257L X', '1257L X', 12_570, 'UK', true, true, '£12,570'],
    ['S1257L M1', 'S1257L M1', 12_570, 'Scotland', true, true, '£12,570'],
    ['1097L M1', '1097L M1', 10_970, 'UK', true, false, '£10,970'],
    ['1097LM1', '1097L M1', 10_970, 'UK', true, false, '£10,970'],
    ['K475 W1', 'K475 W1', -4_759, 'UK', true, false, '£4,759'],
    ['0T M1', '0T M1', null, 'UK', true, false, 'no tax-free amount'],
    ['BR W1', 'BR W1', null, 'UK', true, false, 'basic rate'],
  ] as const)('%s', (published, shown, allowance, region, nonCumulative, emergency, summary) => {
    const explained = explainTaxCode(published, pageWords);
    expect(explained.recognised).toBe(true);
    expect(explained.code).toBe(shown);
    expect(explained.allowancePounds).toBe(allowance);
    expect(explained.region).toBe(region);
    expect(explained.nonCumulative).toBe(nonCumulative);
    expect(explained.emergency).toBe(emergency);
    expect(explained.summary).toContain(summary);
    expect(explained.advice === null).toBe(!emergency);
  });

  it.each([
    // code, words the explanation holds
    ['1257L', 'The L means you get the standard tax-free Personal Allowance.'],
    ['1097L', 'Your tax-free amount is reduced: £1,600 less than the usual £12,570.'],
    ['1097L', 'a company benefit'],
    ['1097L', 'tax you owe from an earlier year'],
    ['1000L', '£2,570 less than the usual £12,570'],
    ['1300L', '£430 more than the usual £12,570'],
    ['1383M', 'your partner has transferred 10% of their Personal Allowance (£1,260) to you'],
    ['1131N', 'you have transferred 10% of your Personal Allowance (£1,260) to your partner'],
    ['1320M', 'Your tax-free amount is reduced: £630 less than the usual £13,830.'],
    ['1257T', 'The T means your code includes other calculations'],
    ['K475', 'income that is not taxed another way'],
    ['K475', 'never takes more than half'],
    ['S1257L', 'The S means you pay Scottish Income Tax rates'],
    ['C1257L', 'The C means you pay Welsh Income Tax rates'],
    ['BR', 'second job or a pension'],
    ['D0', 'other income already uses up the lower rates'],
    ['SD2', 'Scottish code'],
    ['0T', 'Personal Allowance is used up'],
    ['NT', 'not taxed'],
    ['1097L M1', 'worked out on each pay period alone (non-cumulative)'],
    ['1257L M1', "1257L with W1, M1 or X is HMRC's emergency tax code"],
  ])('%s says %j', (code, words) => expect(allText(code)).toContain(words));

  it.each(['1257L', '1383M', '1131N', '1257T', 'K475', 'BR', '0T'])('%s is not called an emergency code', (code) => {
    expect(allText(code)).not.toMatch(/emergency/i);
  });

  it('calls only 1257L with a marker an emergency code; another code with a marker is HMRC\u2019s non-cumulative code', () => {
    expect(allText('1097L M1')).not.toMatch(/emergency/i);
    expect(explainTaxCode('1097L M1', pageWords).advice).toBeNull();
    expect(explainTaxCode('1257L M1', pageWords).advice).toContain('Check your tax code with HMRC');
  });

  it('does not call the standard allowance reduced, nor a reduced one standard', () => {
    expect(allText('1257L')).not.toContain('reduced');
    expect(allText('1097L')).not.toContain('standard');
    expect(allText('1383M')).not.toContain('reduced');
  });

  it.each(['', '   ', '12345L', 'L1257', '1257Q', 'D2', 'CD3', 'K', 'BRX1', '1257L Y1', 'X', '1257L M1 M1', '£1257L'])(
    'shows %j as published, saying it cannot be explained',
    (text) => {
      const explained = explainTaxCode(text, pageWords);
      expect(explained.recognised).toBe(false);
      expect(explained.code).toBe(text.trim());
      expect(explained.allowancePounds).toBeNull();
      expect(explained.emergency).toBe(false);
      expect(explained.summary).toBe("We can't explain this code; ask your payroll team.");
      expect(explained.summary).toBe("We can't explain this code; ask your payroll team.");
    },
  );

  it('never throws, whatever the payslip holds', () => {
    for (const text of [null, undefined, 42, {}, 'x'.repeat(10_000)] as unknown[]) {
      expect(() => explainTaxCode(text as string, pageWords)).not.toThrow();
      expect(explainTaxCode(text as string, pageWords).recognised).toBe(false);
    }
  });
});

describe('normaliseTaxCode', () => {
  it.each([
    ['1257l', '1257L'],
    [' 1257L  m1 ', '1257L M1'],
    ['1257LW1', '1257L W1'],
    ['1257L/M1', '1257L M1'],
    ['1257LX', '1257L X'],
    ['s1257l x', 'S1257L X'],
    ['K 475', 'K475'],
    ['BRX', 'BR X'],
  ])('%j → %j', (text, code) => expect(normaliseTaxCode(text)).toBe(code));
});
