// A UK PAYE tax code explained in plain words, English or Welsh, for employees (the explained payslip).
// Pure, and never throws: the payslip screen and the payslip PDF both use it, and a code the
// portal cannot read is shown as published with a plain note. The rules are HMRC's
// (https://www.gov.uk/tax-codes): the number times ten is the tax-free amount for the year, the
// letter says how it applies, an S or C in front means Scottish or Welsh rates, and W1, M1 or X
// after it means tax is worked out on each pay period alone (non-cumulative).

import type { PayTextId, PayWords } from '@portal/shared/pay-insights/words';

export type TaxRegion = 'UK' | 'Scotland' | 'Wales';

export type TaxCodeExplanation = {
  /** The code as written on a payslip: upper case, one space before a W1/M1/X marker ('1257L M1'); an unreadable code as published. */
  code: string;
  /** False when the portal cannot read the code; the summary then says so in plain words. */
  recognised: boolean;
  region: TaxRegion;
  /**
   * Pounds a year the code adds to (positive) or, for a K code, takes away from (negative) the
   * pay that is taxed. Null for codes with no allowance part (BR, D0, D1, 0T, NT and the like).
   */
  allowancePounds: number | null;
  /** Worked out on each pay period alone (W1, M1 or X after the code). */
  nonCumulative: boolean;
  /** HMRC's emergency code (1257L W1, M1 or X): used until the employer has the right code. */
  emergency: boolean;
  /** One sentence: what the code means for this employee. */
  summary: string;
  /** Further sentences, one per part of the code (its letter, its region, its marker). */
  details: string[];
  /** What to do, when the code calls for it (an emergency or unreadable code); otherwise null. */
  advice: string | null;
};

/** HMRC's service that shows the tax code each employer has been sent. */
export const TAX_CODE_CHECKER_URL = 'https://www.gov.uk/check-income-tax-current-year';

// The Personal Allowance has been £12,570 (code 1257L) since 2021-22 and stays so to 2027-28;
// Marriage Allowance moves 10% of it, £1,260 (https://www.gov.uk/marriage-allowance). It is tapered
// away £1 for every £2 of income over £100,000, so it is gone at £125,140 (https://www.gov.uk/income-tax-rates/income-over-100000).
const STANDARD_ALLOWANCE_CODE = 1257;
const MARRIAGE_ALLOWANCE_POUNDS = 1_260;
const ALLOWANCE_GONE_POUNDS = 125_140;
/** The code number of someone with the standard allowance under each letter. */
const STANDARD_CODE_BY_LETTER: Record<string, number> = {
  L: STANDARD_ALLOWANCE_CODE,
  M: STANDARD_ALLOWANCE_CODE + MARRIAGE_ALLOWANCE_POUNDS / 10, // 1383M
  N: STANDARD_ALLOWANCE_CODE - MARRIAGE_ALLOWANCE_POUNDS / 10, // 1131N
};

/** '£12,570': whole pounds, as HMRC writes allowances (the same in both languages). */
export const pounds = (value: number) => `£${Math.abs(value).toLocaleString('en-GB')}`;

const REGION_BY_PREFIX: Record<string, TaxRegion> = { S: 'Scotland', C: 'Wales' };

const REGION_DETAIL: Record<TaxRegion, PayTextId | null> = {
  UK: null,
  // https://www.gov.uk/scottish-income-tax
  Scotland: 'regionScotland',
  // https://www.gov.uk/welsh-income-tax: the Welsh rates have matched England's since they began in 2019.
  Wales: 'regionWales',
};

// https://www.gov.uk/tax-codes/what-your-tax-code-means
function letterDetail(number: number, letter: string, words: PayWords): string {
  if (letter === 'L') return words.text(number === STANDARD_ALLOWANCE_CODE ? 'letterStandardL' : 'letterL');
  if (letter === 'M' || letter === 'N') return words.text(letter === 'M' ? 'letterM' : 'letterN', { amount: pounds(MARRIAGE_ALLOWANCE_POUNDS) });
  return words.text('letterT');
}

/** Why a code's allowance differs from the standard one for its letter (https://www.gov.uk/tax-codes/why-your-tax-code-might-change). */
function allowanceDifference(number: number, letter: string, words: PayWords): string | null {
  const standard = STANDARD_CODE_BY_LETTER[letter];
  if (standard === undefined || number === standard) return null;
  const values = { gap: pounds((number - standard) * 10), standard: pounds(standard * 10) };
  return words.text(number < standard ? 'allowanceReduced' : 'allowanceIncreased', values);
}

// Codes with no number: all the pay is taxed one way. Rates of 2024-25 to 2026-27
// (https://www.gov.uk/scottish-income-tax, https://www.gov.uk/income-tax-rates). D0 and D1 name the
// Scottish rate where the code is Scottish.
const FLAT_CODES: Record<string, { summary: PayTextId; detail: PayTextId }> = {
  BR: { summary: 'flatBR', detail: 'flatBRDetail' },
  D0: { summary: 'flatD0', detail: 'flatD0Detail' },
  D1: { summary: 'flatD1', detail: 'flatD1Detail' },
  D2: { summary: 'flatD2', detail: 'flatD2Detail' },
  D3: { summary: 'flatD3', detail: 'flatD3Detail' },
  '0T': { summary: 'flat0T', detail: 'flat0TDetail' },
  NT: { summary: 'flatNT', detail: 'flatNTDetail' },
};

// https://www.gov.uk/tax-codes/emergency-tax-codes: the non-cumulative marker, the emergency code and what to do.

// Region letter, body, then an optional marker: '1257L', 'S1257L', 'K475', 'CBR', '1257L W1', '1257L X'.
const TAX_CODE = /^(S|C)?(?:(BR|D0|D1|D2|D3|0T|NT)|(K)(\d{1,4})|(\d{1,4})([LMNT]))(?: (W1|M1|X))?$/;

/** Upper case, spaces and slashes taken out, one space before W1/M1/X ('1257lm1' → '1257L M1', '1257LX' → '1257L X'). */
export function normaliseTaxCode(text: string): string {
  const compact = text.toUpperCase().replace(/[\s/]+/g, '');
  const marker = /(W1|M1|X)$/.exec(compact);
  if (marker && compact.length > marker[0].length) return `${compact.slice(0, -marker[0].length)} ${marker[0]}`;
  return compact;
}

function unreadable(text: string, words: PayWords): TaxCodeExplanation {
  const note = words.text('unreadableTaxCode');
  return {
    code: text,
    recognised: false,
    region: 'UK',
    allowancePounds: null,
    nonCumulative: false,
    emergency: false,
    summary: note,
    details: [],
    advice: note,
  };
}

export function explainTaxCode(text: string | null | undefined, words: PayWords): TaxCodeExplanation {
  const published = typeof text === 'string' ? text.trim() : '';
  const code = normaliseTaxCode(published);
  const match = TAX_CODE.exec(code);
  // D2 and D3 exist only among Scotland's six bands.
  if (!match || (/^D[23]/.test(match[2] ?? '') && match[1] !== 'S')) return unreadable(published, words);

  const [, regionLetter, flat, kLetter, kNumber, number, letter, marker] = match;
  const region = regionLetter ? REGION_BY_PREFIX[regionLetter]! : 'UK';
  const nonCumulative = Boolean(marker);
  const emergency = nonCumulative && number === String(STANDARD_ALLOWANCE_CODE) && letter === 'L';
  const details: string[] = [];
  let summary: string;
  let allowancePounds: number | null = null;

  if (kLetter && kNumber) {
    // HMRC's tables turn a K code into pay to add by its number × 10 + 9 (K475 → £4,759), as the
    // payroll engine does (https://www.gov.uk/government/publications/taxable-pay-tables-manual-method).
    allowancePounds = -(Number(kNumber) * 10 + 9);
    summary = words.text('kCodeSummary', { amount: pounds(allowancePounds) });
    details.push(words.text('kCodeMeaning'), words.text('kCodeHalf'));
  } else if (number && letter) {
    allowancePounds = Number(number) * 10;
    summary = words.text('allowanceSummary', { amount: pounds(allowancePounds) });
    details.push(letterDetail(Number(number), letter, words));
    const difference = allowanceDifference(Number(number), letter, words);
    if (difference) details.push(difference);
  } else {
    const flatCode = FLAT_CODES[flat!]!;
    summary = words.text(flatCode.summary, { region: region.toLowerCase() });
    details.push(words.text(flatCode.detail, { limit: pounds(ALLOWANCE_GONE_POUNDS) }));
  }
  const regionDetail = REGION_DETAIL[region];
  if (regionDetail) details.push(words.text(regionDetail));
  if (nonCumulative) details.push(words.text('nonCumulative'));
  if (emergency) details.push(words.text('emergency'));

  const advice = emergency ? words.text('emergencyAdvice') : null;
  return { code, recognised: true, region, allowancePounds, nonCumulative, emergency, summary, details, advice };
}
