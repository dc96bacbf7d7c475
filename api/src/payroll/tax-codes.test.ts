import { parseTaxCode } from './tax-codes';

describe('reading a tax code', () => {
  it.each([
    ['1257L', { country: 'rUK', basis: { kind: 'allowance', number: 1257 }, nonCumulative: false }],
    ['S1257L', { country: 'scotland', basis: { kind: 'allowance', number: 1257 }, nonCumulative: false }],
    ['c1257l m1', { country: 'wales', basis: { kind: 'allowance', number: 1257 }, nonCumulative: true }],
    ['1257L W1', { country: 'rUK', basis: { kind: 'allowance', number: 1257 }, nonCumulative: true }],
    ['1257LX', { country: 'rUK', basis: { kind: 'allowance', number: 1257 }, nonCumulative: true }],
    ['SK475 W1', { country: 'scotland', basis: { kind: 'k', number: 475 }, nonCumulative: true }],
    ['K475', { country: 'rUK', basis: { kind: 'k', number: 475 }, nonCumulative: false }],
    ['BR', { country: 'rUK', basis: { kind: 'flat', code: 'BR' }, nonCumulative: false }],
    ['SD3', { country: 'scotland', basis: { kind: 'flat', code: 'D3' }, nonCumulative: false }],
    ['CD1 M1', { country: 'wales', basis: { kind: 'flat', code: 'D1' }, nonCumulative: true }],
    ['0T', { country: 'rUK', basis: { kind: 'no-allowance' }, nonCumulative: false }],
    ['S0T M1', { country: 'scotland', basis: { kind: 'no-allowance' }, nonCumulative: true }],
    ['NT', { country: 'rUK', basis: { kind: 'no-tax' }, nonCumulative: false }],
    ['500T', { country: 'rUK', basis: { kind: 'allowance', number: 500 }, nonCumulative: false }],
  ])('%s', (code, parsed) => expect(parseTaxCode(code)).toEqual(parsed));

  it.each(['1257', 'Q1257L', 'K', 'D4', 'SS1257L', '1257L M2', ''])('refuses %p', (code) => expect(() => parseTaxCode(code)).toThrow(/Not a PAYE tax code/));
});
