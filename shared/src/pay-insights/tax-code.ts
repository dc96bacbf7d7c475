// A UK PAYE tax code explained in plain English, for employees (the explained payslip).
// Pure: the payslip screen and the payslip PDF both use it. The rules are HMRC's
// ('Tax codes', gov.uk/tax-codes): the number times ten is the tax-free amount for the year, the
// letters say how it applies, an S or C in front means Scottish or Welsh rates, and a W1, M1 or X
// after it means an emergency code worked out on each pay period alone.

export type TaxRegion = 'UK' | 'Scotland' | 'Wales';

export type TaxCodeExplanation = {
  /** The code as written on a payslip: upper case, one space before an emergency marker ('1257L M1'). */
  code: string;
  /** False when the text is not a tax code HMRC issues; the other fields then say so. */
  recognised: boolean;
  region: TaxRegion;
  /**
   * Pounds a year the code adds to (positive) or, for a K code, takes away from (negative) the
   * pay that is taxed. Null for codes with no allowance part (BR, D0, D1, NT and the like).
   */
  allowancePounds: number | null;
  /** Worked out on each pay period alone (W1, M1, X): an emergency code. */
  emergency: boolean;
  /** One sentence: what the code means for this employee. */
  summary: string;
  /** Further sentences, one per part of the code (its letter, its region, its marker). */
  details: string[];
  /** What to do, when the code calls for it (an emergency or unrecognised code); otherwise null. */
  advice: string | null;
};

const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;

const REGION_BY_PREFIX: Record<string, TaxRegion> = { S: 'Scotland', C: 'Wales' };

const REGION_DETAIL: Record<TaxRegion, string | null> = {
  UK: null,
  Scotland: 'The S means you pay Scottish Income Tax rates, because you live in Scotland.',
  Wales: 'The C means you pay Welsh Income Tax rates, because you live in Wales.',
};

const SUFFIX_DETAIL: Record<string, string> = {
  L: 'The L means you get the standard tax-free Personal Allowance.',
  M: 'The M means your partner has transferred part of their Personal Allowance to you (Marriage Allowance).',
  N: 'The N means you have transferred part of your Personal Allowance to your partner (Marriage Allowance).',
  T: 'The T means your code includes other calculations HMRC makes about your allowance.',
};

/** Codes with no number: the whole pay is taxed one way. */
const FLAT_CODES: Record<string, { summary: (region: TaxRegion) => string; detail: string }> = {
  BR: {
    summary: () => 'All your pay from this job is taxed at the basic rate (20%), with no tax-free amount.',
    detail: 'BR is usual for a second job or pension, when your tax-free allowance is used by your main job.',
  },
  D0: {
    summary: (region) =>
      `All your pay from this job is taxed at the ${region === 'Scotland' ? 'intermediate rate (21%)' : 'higher rate (40%)'}, with no tax-free amount.`,
    detail: 'D0 is usual for a second job or pension when your other income already uses your basic-rate band.',
  },
  D1: {
    summary: (region) =>
      `All your pay from this job is taxed at the ${region === 'Scotland' ? 'higher rate (42%)' : 'additional rate (45%)'}, with no tax-free amount.`,
    detail: 'D1 is usual for a second job or pension when your other income is already taxed at a top rate.',
  },
  D2: {
    summary: () => 'All your pay from this job is taxed at the advanced rate (45%), with no tax-free amount.',
    detail: 'D2 is a Scottish code for a second job or pension when your other income is already taxed at the advanced rate.',
  },
  D3: {
    summary: () => 'All your pay from this job is taxed at the top rate (48%), with no tax-free amount.',
    detail: 'D3 is a Scottish code for a second job or pension when your other income is already taxed at the top rate.',
  },
  '0T': {
    summary: () => 'You get no tax-free amount from this job: all your pay is taxed, at the usual bands.',
    detail: '0T is used when your Personal Allowance has been used up, or when your employer does not have your details yet.',
  },
  NT: {
    summary: () => 'No Income Tax is taken from this pay.',
    detail: 'NT is rare: it is used when HMRC has agreed that this income is not taxed.',
  },
};

const EMERGENCY_DETAIL =
  'The marker after the code means it is an emergency code: each payslip is worked out on its own pay alone, without the allowance you did not use earlier in the tax year.';
const EMERGENCY_ADVICE =
  'You may pay too much tax while you are on an emergency code. Check your tax code with HMRC (your personal tax account at gov.uk/personal-tax-account, or HMRC on 0300 200 3300); your employer will use the code HMRC sends and any tax overpaid is then refunded through your pay.';
const UNRECOGNISED_ADVICE =
  'Check the tax code on your payslip against the one in your personal tax account at gov.uk/personal-tax-account, and ask your payroll team if they differ.';

// Region letter, body, then an optional emergency marker: '1257L', 'S1257L', 'K475', 'CBR', '1257L W1', '1257LX'.
const TAX_CODE = /^(S|C)?(?:(BR|D0|D1|D2|D3|0T|NT)|(K)(\d{1,4})|(\d{1,4})([LMNT]))(?:\s*(W1|M1|X))?$/;

/** Upper case, spaces trimmed and collapsed, one space before W1/M1 ('1257lm1' → '1257L M1'). */
export function normaliseTaxCode(text: string): string {
  const compact = text.toUpperCase().replace(/[\s/]+/g, '');
  const marker = /(W1|M1)$/.exec(compact);
  if (marker && compact.length > marker[0].length) return `${compact.slice(0, -2)} ${marker[0]}`;
  return compact;
}

export function explainTaxCode(text: string): TaxCodeExplanation {
  const code = normaliseTaxCode(text);
  const match = TAX_CODE.exec(code);
  // D2 and D3 exist only among Scotland's five bands.
  if (!match || (/^D[23]/.test(match[2] ?? '') && match[1] !== 'S')) {
    return {
      code,
      recognised: false,
      region: 'UK',
      allowancePounds: null,
      emergency: false,
      summary: `${code || 'This'} is not a tax code we recognise.`,
      details: [],
      advice: UNRECOGNISED_ADVICE,
    };
  }
  const [, regionLetter, flat, kLetter, kNumber, number, suffix, marker] = match;
  const region = regionLetter ? REGION_BY_PREFIX[regionLetter]! : 'UK';
  const emergency = Boolean(marker);
  const details: string[] = [];
  let summary: string;
  let allowancePounds: number | null = null;

  if (kLetter && kNumber) {
    allowancePounds = -Number(kNumber) * 10;
    summary = `${pounds(-allowancePounds)} is added to the pay you are taxed on this year, instead of you getting a tax-free amount.`;
    details.push(
      'A K code means you have income that is not taxed another way (such as a company benefit or an underpayment being collected) worth more than your tax-free allowance.',
      'Your employer never takes more than half of your pay before tax as tax because of a K code.',
    );
  } else if (number && suffix) {
    allowancePounds = Number(number) * 10;
    summary = `You can earn ${pounds(allowancePounds)} this tax year before you pay Income Tax.`;
    details.push(SUFFIX_DETAIL[suffix]!);
  } else {
    const flatCode = FLAT_CODES[flat!]!;
    summary = flatCode.summary(region);
    details.push(flatCode.detail);
  }
  const regionDetail = REGION_DETAIL[region];
  if (regionDetail) details.push(regionDetail);
  if (emergency) details.push(EMERGENCY_DETAIL);

  return { code, recognised: true, region, allowancePounds, emergency, summary, details, advice: emergency ? EMERGENCY_ADVICE : null };
}
