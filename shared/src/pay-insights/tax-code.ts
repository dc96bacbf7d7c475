// A UK PAYE tax code explained in plain English, for employees (the explained payslip).
// Pure, and never throws: the payslip screen and the payslip PDF both use it, and a code the
// portal cannot read is shown as published with a plain note. The rules are HMRC's
// (https://www.gov.uk/tax-codes): the number times ten is the tax-free amount for the year, the
// letter says how it applies, an S or C in front means Scottish or Welsh rates, and W1, M1 or X
// after it means tax is worked out on each pay period alone (non-cumulative).

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

export const UNREADABLE_TAX_CODE = "We can't explain this code; ask your payroll team.";

// The Personal Allowance has been £12,570 (code 1257L) since 2021-22 and stays so to 2027-28;
// Marriage Allowance moves 10% of it, £1,260 (https://www.gov.uk/marriage-allowance).
const STANDARD_ALLOWANCE_CODE = 1257;
const MARRIAGE_ALLOWANCE_POUNDS = 1_260;
/** The code number of someone with the standard allowance under each letter. */
const STANDARD_CODE_BY_LETTER: Record<string, number> = {
  L: STANDARD_ALLOWANCE_CODE,
  M: STANDARD_ALLOWANCE_CODE + MARRIAGE_ALLOWANCE_POUNDS / 10, // 1383M
  N: STANDARD_ALLOWANCE_CODE - MARRIAGE_ALLOWANCE_POUNDS / 10, // 1131N
};

const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;

const REGION_BY_PREFIX: Record<string, TaxRegion> = { S: 'Scotland', C: 'Wales' };

const REGION_DETAIL: Record<TaxRegion, string | null> = {
  UK: null,
  // https://www.gov.uk/scottish-income-tax
  Scotland: 'The S means you pay Scottish Income Tax rates, because HMRC has you living in Scotland.',
  // https://www.gov.uk/welsh-income-tax: the Welsh rates have matched England's since they began in 2019.
  Wales: "The C means you pay Welsh Income Tax rates, because HMRC has you living in Wales. They are the same as England's rates.",
};

// https://www.gov.uk/tax-codes/what-your-tax-code-means
const STANDARD_L_DETAIL = 'The L means you get the standard tax-free Personal Allowance.';
const LETTER_DETAIL: Record<string, string> = {
  L: 'The L means you get the tax-free Personal Allowance.',
  M: `The M means your partner has transferred 10% of their Personal Allowance (${pounds(MARRIAGE_ALLOWANCE_POUNDS)}) to you, so you get more tax-free (Marriage Allowance).`,
  N: `The N means you have transferred 10% of your Personal Allowance (${pounds(MARRIAGE_ALLOWANCE_POUNDS)}) to your partner, so you get less tax-free (Marriage Allowance).`,
  T: 'The T means your code includes other calculations HMRC has made about your allowance, or HMRC wants to review it; your tax code letter from HMRC says what they are.',
};

/** Why a code's allowance differs from the standard one for its letter (https://www.gov.uk/tax-codes/why-your-tax-code-might-change). */
function allowanceDifference(number: number, letter: string): string | null {
  const standard = STANDARD_CODE_BY_LETTER[letter];
  if (standard === undefined || number === standard) return null;
  const standardPounds = standard * 10;
  const gap = pounds(Math.abs(number - standard) * 10);
  if (number < standard)
    return `Your tax-free amount is reduced: ${gap} less than the usual ${pounds(standardPounds)}. HMRC usually reduces your tax-free amount to collect tax on a company benefit (such as a company car or medical insurance), on income that is not taxed another way (such as rent or self-employment), or on tax you owe from an earlier year.`;
  return `Your tax-free amount is ${gap} more than the usual ${pounds(standardPounds)}, usually because HMRC has allowed work expenses (such as uniform or professional fees), gifts to charity or Blind Person's Allowance.`;
}

// Codes with no number: all the pay is taxed one way. Rates of 2024-25 to 2026-27
// (https://www.gov.uk/scottish-income-tax, https://www.gov.uk/income-tax-rates).
const FLAT_CODES: Record<string, { summary: (region: TaxRegion) => string; detail: string }> = {
  BR: {
    summary: () => 'All your pay from this job is taxed at the basic rate (20%), with no tax-free amount.',
    detail: 'BR is usual for a second job or a pension, when your tax-free amount is used by your main job.',
  },
  D0: {
    summary: (region) =>
      `All your pay from this job is taxed at the ${region === 'Scotland' ? 'intermediate rate (21%)' : 'higher rate (40%)'}, with no tax-free amount.`,
    detail: 'D0 is usual for a second job or a pension when your other income already uses up the lower rates.',
  },
  D1: {
    summary: (region) =>
      `All your pay from this job is taxed at the ${region === 'Scotland' ? 'higher rate (42%)' : 'additional rate (45%)'}, with no tax-free amount.`,
    detail: 'D1 is usual for a second job or a pension when your other income is already taxed at a top rate.',
  },
  D2: {
    summary: () => 'All your pay from this job is taxed at the advanced rate (45%), with no tax-free amount.',
    detail: 'D2 is a Scottish code for a second job or a pension when your other income is already taxed at the advanced rate.',
  },
  D3: {
    summary: () => 'All your pay from this job is taxed at the top rate (48%), with no tax-free amount.',
    detail: 'D3 is a Scottish code for a second job or a pension when your other income is already taxed at the top rate.',
  },
  '0T': {
    summary: () => 'You get no tax-free amount from this job: all your pay is taxed, at the usual rates.',
    detail:
      'HMRC uses 0T when your Personal Allowance is used up (such as on income over £125,140), or when your employer does not have your details from HMRC or your last job yet.',
  },
  NT: {
    summary: () => 'No Income Tax is taken from this pay.',
    detail: 'NT is rare: HMRC uses it when it has agreed that this income is not taxed, or that the tax is paid another way.',
  },
};

// https://www.gov.uk/tax-codes/emergency-tax-codes
const NON_CUMULATIVE_DETAIL =
  'The W1, M1 or X after the code means your tax is worked out on each pay period alone (non-cumulative): each payslip gets its own share of your tax-free amount, and any tax paid too much or too little earlier in the tax year is not put right through your pay.';
const EMERGENCY_DETAIL =
  "1257L with W1, M1 or X is HMRC's emergency tax code: your employer uses it until HMRC sends your own code, usually because they did not have your P45 or your starter details.";
const EMERGENCY_ADVICE =
  'You may pay too much tax until your employer has your own code. Check your tax code with HMRC; any tax overpaid is refunded through your pay once your employer uses the right code.';

// Region letter, body, then an optional marker: '1257L', 'S1257L', 'K475', 'CBR', '1257L W1', '1257L X'.
const TAX_CODE = /^(S|C)?(?:(BR|D0|D1|D2|D3|0T|NT)|(K)(\d{1,4})|(\d{1,4})([LMNT]))(?: (W1|M1|X))?$/;

/** Upper case, spaces and slashes taken out, one space before W1/M1/X ('1257lm1' → '1257L M1', '1257LX' → '1257L X'). */
export function normaliseTaxCode(text: string): string {
  const compact = text.toUpperCase().replace(/[\s/]+/g, '');
  const marker = /(W1|M1|X)$/.exec(compact);
  if (marker && compact.length > marker[0].length) return `${compact.slice(0, -marker[0].length)} ${marker[0]}`;
  return compact;
}

function unreadable(text: string): TaxCodeExplanation {
  return {
    code: text,
    recognised: false,
    region: 'UK',
    allowancePounds: null,
    nonCumulative: false,
    emergency: false,
    summary: UNREADABLE_TAX_CODE,
    details: [],
    advice: UNREADABLE_TAX_CODE,
  };
}

export function explainTaxCode(text: string | null | undefined): TaxCodeExplanation {
  const published = typeof text === 'string' ? text.trim() : '';
  const code = normaliseTaxCode(published);
  const match = TAX_CODE.exec(code);
  // D2 and D3 exist only among Scotland's six bands.
  if (!match || (/^D[23]/.test(match[2] ?? '') && match[1] !== 'S')) return unreadable(published);

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
    summary = `${pounds(-allowancePounds)} a year is added to the pay you are taxed on, so you pay tax on more than you earn.`;
    details.push(
      'A K code means you have income that is not taxed another way (such as a company benefit, or tax you owe from an earlier year being collected) worth more than your tax-free Personal Allowance.',
      'Your employer never takes more than half of your pay before tax as tax because of a K code.',
    );
  } else if (number && letter) {
    allowancePounds = Number(number) * 10;
    summary = `You can earn ${pounds(allowancePounds)} this tax year before you pay Income Tax.`;
    details.push(letter === 'L' && Number(number) === STANDARD_ALLOWANCE_CODE ? STANDARD_L_DETAIL : LETTER_DETAIL[letter]!);
    const difference = allowanceDifference(Number(number), letter);
    if (difference) details.push(difference);
  } else {
    const flatCode = FLAT_CODES[flat!]!;
    summary = flatCode.summary(region);
    details.push(flatCode.detail);
  }
  const regionDetail = REGION_DETAIL[region];
  if (regionDetail) details.push(regionDetail);
  if (nonCumulative) details.push(NON_CUMULATIVE_DETAIL);
  if (emergency) details.push(EMERGENCY_DETAIL);

  return { code, recognised: true, region, allowancePounds, nonCumulative, emergency, summary, details, advice: emergency ? EMERGENCY_ADVICE : null };
}
