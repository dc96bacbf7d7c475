// Reading a PAYE tax code: the country prefix (S Scotland, C Wales), what the code does to pay
// (an allowance, K's addition, a flat rate, no allowance, no tax) and the week 1/month 1 marker.
// https://www.gov.uk/tax-codes/what-your-tax-code-means
// https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026 ("Tax codes")
import type { TaxCountry } from './uk-rules';

export type CodeBasis =
  | { kind: 'allowance'; number: number } // 1257L, 1100M, 500T: a pay adjustment deducted from pay
  | { kind: 'k'; number: number } // K475: a pay adjustment added to pay
  | { kind: 'no-allowance' } // 0T: the usual bands, no allowance
  | { kind: 'flat'; code: string } // BR, D0, D1 (D2, D3 in Scotland): all pay at one rate
  | { kind: 'no-tax' }; // NT

export type ParsedTaxCode = { country: TaxCountry; basis: CodeBasis; nonCumulative: boolean };

const COUNTRY: Record<string, TaxCountry> = { '': 'rUK', S: 'scotland', C: 'wales' };

/** '1257L', 'S1257L', 'C1257L M1', 'K475', 'SK475 W1', 'BR', 'SD3', '0T X', 'NT'. */
export function parseTaxCode(code: string): ParsedTaxCode {
  const match = /^([SC]?)(?:(BR|D[0-3]|0T|NT)|K(\d{1,5})|(\d{1,5})[LMNT])(?:\s*(W1|M1|X))?$/.exec(code.trim().toUpperCase());
  if (!match) throw new Error(`Not a PAYE tax code: ${code}`);
  const [, prefix, special, kNumber, number, marker] = match;
  const country = COUNTRY[prefix!]!;
  const nonCumulative = Boolean(marker);
  if (special === '0T') return { country, basis: { kind: 'no-allowance' }, nonCumulative };
  if (special === 'NT') return { country, basis: { kind: 'no-tax' }, nonCumulative };
  if (special) return { country, basis: { kind: 'flat', code: special }, nonCumulative };
  if (kNumber) return { country, basis: { kind: 'k', number: Number(kNumber) }, nonCumulative };
  return { country, basis: { kind: 'allowance', number: Number(number) }, nonCumulative };
}
