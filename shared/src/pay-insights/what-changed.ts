// What changed between two payslips of one employment, line by line, with the reason in plain
// words where the figures show it, and each line's effect on net pay, largest first.
// Pure and in pence, so every sum is exact; the screen formats the result.
import { formatMoney } from '@portal/shared/format';
import { explainTaxCode, UNREADABLE_TAX_CODE, type TaxCodeExplanation } from '@portal/shared/pay-insights/tax-code';

export type EarningKind = 'basic' | 'overtime' | 'bonus' | 'statutory' | 'other';
export type DeductionKind = 'income-tax' | 'national-insurance' | 'pension' | 'student-loan' | 'other';

export type EarningLine = {
  kind: EarningKind;
  name: string;
  amountPence: number;
  /** Hourly pay: the hours and the rate behind the amount. */
  hours?: number;
  ratePence?: number;
};

export type DeductionLine = { kind: DeductionKind; name: string; amountPence: number };

/**
 * Why Income Tax changed since the payslip before, as the API works it out again by HMRC's method:
 * the code's effect, the pay's effect and the year to date's (rounding, tax put right, a new tax
 * year), in pence, adding up to the change.
 */
export type TaxChangeCause = {
  previousPayslipId: string;
  codeEffectPence: number;
  payEffectPence: number;
  yearToDateEffectPence: number;
  newTaxYear: boolean;
  /** A week 53, 54 or 56 pay day, taxed on that pay day alone. */
  extraPayDay?: boolean;
};

/** The parts of a payslip a comparison reads. */
export type ComparablePayslip = {
  /** The payslip's id, when the comparison may use the API's working of its tax. */
  id?: string;
  /** 'YYYY-MM-DD' */
  payDate: string;
  taxCode: string;
  /** National Insurance category letter ('A', 'M', …). */
  niCategory: string;
  earnings: EarningLine[];
  deductions: DeductionLine[];
  netPence: number;
  /** Pay subject to Income Tax, when the payslip gives it. */
  taxablePence?: number | null;
  /** Why Income Tax changed since the payslip before this one, when the API could work it out. */
  taxChange?: TaxChangeCause | null;
};

export type ChangeKind = 'earning' | 'deduction' | 'unexplained';

export type PayChange = {
  kind: ChangeKind;
  /** The payslip line, as the current payslip names it (or the previous one, for a line that went). */
  line: string;
  previousPence: number | null;
  currentPence: number | null;
  /** Pence this change adds to (positive) or takes from (negative) net pay. */
  effectOnNetPence: number;
  /** Why, in plain words, as far as the two payslips show it. */
  reason: string;
};

export type PayComparison = {
  netChangePence: number;
  /** Changes with an effect on net pay, largest effect first; lines that did not change are left out. */
  changes: PayChange[];
  /** Changes with no money effect of their own that explain others (a tax code, an NI category, a new tax year). */
  notes: string[];
};

const money = (pence: number) => formatMoney(pence / 100);
const moreOrLess = (delta: number) => (delta > 0 ? 'more' : 'less');

type Keyed<T> = Map<string, T>;

/** Lines keyed by kind and name; two lines of the same key are added together. */
function byKey<T extends { kind: string; name: string; amountPence: number }>(lines: T[]): Keyed<T> {
  const map: Keyed<T> = new Map();
  for (const line of lines) {
    const key = line.kind === 'other' ? `other:${line.name.trim().toLowerCase()}` : line.kind;
    const seen = map.get(key);
    map.set(key, seen ? { ...seen, amountPence: seen.amountPence + line.amountPence } : line);
  }
  return map;
}

function taxYearOf(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return month > 4 || (month === 4 && day >= 6) ? year : year - 1;
}

function earningReason(kind: EarningKind, name: string, before: EarningLine | undefined, now: EarningLine | undefined): string {
  if (!before) {
    if (kind === 'overtime') return now?.hours ? `Overtime this month: ${now.hours} hours.` : 'Overtime this month.';
    if (kind === 'bonus') return 'A bonus this month.';
    if (kind === 'statutory') return `${name} this month (statutory pay, such as sick, maternity or paternity pay).`;
    return `New this month: ${name}.`;
  }
  if (!now) {
    if (kind === 'overtime') return 'No overtime this month.';
    if (kind === 'bonus') return 'No bonus this month; last month had one.';
    if (kind === 'statutory') return `No ${name} this month.`;
    return `${name} was not paid this month.`;
  }
  const delta = now.amountPence - before.amountPence;
  if (before.ratePence !== undefined && now.ratePence !== undefined && before.ratePence !== now.ratePence) {
    const rise = now.ratePence > before.ratePence;
    return `${rise ? 'A pay rise' : 'A lower rate'}: your rate went from ${money(before.ratePence)} to ${money(now.ratePence)} an hour.`;
  }
  if (before.hours !== undefined && now.hours !== undefined && before.hours !== now.hours) {
    if (kind === 'overtime') return `${now.hours} hours of overtime this month, against ${before.hours} last month.`;
    return `You were paid for ${now.hours} hours this month, against ${before.hours} last month.`;
  }
  if (kind === 'basic') {
    return delta > 0
      ? 'Your basic pay went up: a pay rise, or a change to your contract or hours.'
      : 'Your basic pay went down: unpaid leave, a part month, or a change to your contract or hours.';
  }
  if (kind === 'overtime') return `${delta > 0 ? 'More' : 'Less'} overtime than last month.`;
  if (kind === 'bonus') return `A ${delta > 0 ? 'larger' : 'smaller'} bonus than last month.`;
  return `${name} was ${money(Math.abs(delta))} ${moreOrLess(delta)} than last month.`;
}

/**
 * What a change of tax code changed, read from the two codes: the tax-free amount, the basis
 * (worked out on the year so far, or on each pay period alone), the rates, or nothing at all (the
 * same code written another way). https://www.gov.uk/tax-codes, https://www.gov.uk/tax-codes/emergency-tax-codes
 */
type TaxCodeChange = {
  from: TaxCodeExplanation;
  to: TaxCodeExplanation;
  /** Pounds a year more (positive) or less tax-free; null when the allowance did not change or cannot be compared. */
  allowanceDeltaPounds: number | null;
  basisChanged: boolean;
  /** Another change to how the pay is taxed (a region, BR, D0, 0T…), or codes the portal cannot read. */
  otherChange: boolean;
};

const withoutMarker = (code: string) => code.replace(/ (W1|M1|X)$/, '');

function taxCodeChangeOf(previousCode: string, currentCode: string): TaxCodeChange | null {
  // A payslip published without a code says nothing of a change.
  if (!previousCode.trim() || !currentCode.trim()) return null;
  const from = explainTaxCode(previousCode);
  const to = explainTaxCode(currentCode);
  if (from.code === to.code) return null;
  if (!from.recognised || !to.recognised) return { from, to, allowanceDeltaPounds: null, basisChanged: false, otherChange: true };
  const bothAllowances = from.allowancePounds !== null && to.allowancePounds !== null;
  const allowanceDeltaPounds = bothAllowances && from.allowancePounds !== to.allowancePounds ? to.allowancePounds! - from.allowancePounds! : null;
  const basisChanged = from.nonCumulative !== to.nonCumulative;
  // Another region, or the same allowance under another letter or flat rate.
  const otherChange = from.region !== to.region || (allowanceDeltaPounds === null && withoutMarker(from.code) !== withoutMarker(to.code));
  return { from, to, allowanceDeltaPounds, basisChanged, otherChange };
}

const poundsOf = (value: number) => `£${Math.abs(value).toLocaleString('en-GB')}`;

/** What the new code changed, in words: 'your tax-free amount went down by £1,600 a year (from £12,570 to £10,970)'. */
function taxCodeChangeWords(change: TaxCodeChange): string {
  if (!change.from.recognised || !change.to.recognised) return UNREADABLE_TAX_CODE.charAt(0).toLowerCase() + UNREADABLE_TAX_CODE.slice(1, -1);
  const parts: string[] = [];
  if (change.allowanceDeltaPounds !== null) {
    const delta = change.allowanceDeltaPounds;
    const [from, to] = [change.from.allowancePounds!, change.to.allowancePounds!];
    parts.push(
      from < 0 || to < 0
        ? `${poundsOf(delta)} a year ${delta > 0 ? 'less' : 'more'} of your pay is taxed`
        : `your tax-free amount went ${delta > 0 ? 'up' : 'down'} by ${poundsOf(delta)} a year (from ${poundsOf(from)} to ${poundsOf(to)})`,
    );
  }
  if (change.basisChanged)
    parts.push(
      change.to.nonCumulative
        ? 'your tax is now worked out on each pay period alone (non-cumulative), not on your pay for the tax year so far'
        : 'your tax is worked out on your pay for the tax year so far again, so tax paid too much or too little while it was worked out on each pay period alone is put right on this payslip',
    );
  if (change.otherChange && change.from.region !== change.to.region)
    parts.push(
      change.to.region === 'UK'
        ? 'you no longer pay Scottish or Welsh rates'
        : `you now pay ${change.to.region === 'Scotland' ? 'Scottish' : 'Welsh'} Income Tax rates`,
    );
  else if (change.otherChange) parts.push('this changes how your pay is taxed');
  if (change.allowanceDeltaPounds === null && change.basisChanged && !change.otherChange) parts.unshift('the same tax-free amount');
  return parts.join('; ');
}

/** Largest swing the cumulative method's rounding gives the same pay: taxable pay to date is rounded down to whole pounds, so under £1 of tax at any rate. */
const ROUNDING_SWING_PENCE = 99;

type Context = {
  previous: ComparablePayslip;
  current: ComparablePayslip;
  grossDelta: number;
  taxCodeChange: TaxCodeChange | null;
  newTaxYear: boolean;
  /** The API's working of the tax, when `previous` is the payslip just before `current`. */
  taxCause: TaxChangeCause | null;
};

/** Under £1: the cumulative method's rounding, not a cause worth its own words. */
const isPennies = (pence: number) => Math.abs(pence) <= ROUNDING_SWING_PENCE;

/**
 * Income Tax's change told by its causes, largest first: 'Worked out again by HMRC's method: £46.40
 * more because your taxable pay was £244.56 more; £0.40 more because your tax code changed…'.
 */
function taxCauseWords(cause: TaxChangeCause, context: Context): string {
  const { previous, current, taxCodeChange } = context;
  const parts: { pence: number; words: string }[] = [];
  const amount = (pence: number) => `${money(Math.abs(pence))} ${moreOrLess(pence)}`;
  if (cause.codeEffectPence !== 0) {
    const what = taxCodeChange
      ? `your tax code changed from ${taxCodeChange.from.code} to ${taxCodeChange.to.code} (${taxCodeChangeWords(taxCodeChange)})`
      : 'of your tax code';
    parts.push({ pence: cause.codeEffectPence, words: `${amount(cause.codeEffectPence)} because ${what}` });
  }
  if (cause.payEffectPence !== 0) {
    const taxableDelta =
      current.taxablePence !== undefined && current.taxablePence !== null && previous.taxablePence !== undefined && previous.taxablePence !== null
        ? current.taxablePence - previous.taxablePence
        : null;
    const pay = taxableDelta ? `your taxable pay was ${amount(taxableDelta)}` : 'of a change in your taxable pay';
    parts.push({ pence: cause.payEffectPence, words: `${amount(cause.payEffectPence)} because ${pay}` });
  }
  if (cause.yearToDateEffectPence !== 0) {
    const pence = cause.yearToDateEffectPence;
    const words = cause.newTaxYear
      ? `${amount(pence)} because a new tax year started on 6 April: your tax-free amount and tax bands started again`
      : cause.extraPayDay
        ? `${amount(pence)} because this is the extra pay day at the end of the tax year (week 53, 54 or 56), whose tax is worked out on that pay day alone, not on the tax year so far`
        : isPennies(pence)
          ? `${amount(pence)} of rounding: your tax is worked out on your pay for the tax year so far, rounded down to whole pounds, so the same pay moves the tax by pennies`
          : `${amount(pence)} from working your tax out on the tax year so far: tax taken too much or too little on an earlier payslip is put right on a later one`;
    parts.push({ pence, words });
  }
  parts.sort((a, b) => Math.abs(b.pence) - Math.abs(a.pence));
  return `Worked out again by HMRC's method: ${parts.map((part) => part.words).join('; ')}.`;
}

function deductionReason(kind: DeductionKind, name: string, before: DeductionLine | undefined, now: DeductionLine | undefined, context: Context): string {
  const beforePence = before?.amountPence ?? 0;
  const nowPence = now?.amountPence ?? 0;
  const delta = nowPence - beforePence;
  // A deduction 'follows your pay' only when it moved the same way as the pay did.
  const sameWay = Math.sign(delta) === Math.sign(context.grossDelta);
  const payMoved =
    context.grossDelta !== 0 && sameWay
      ? `, because your pay before deductions was ${money(Math.abs(context.grossDelta))} ${moreOrLess(context.grossDelta)}`
      : '';
  const against =
    context.grossDelta !== 0 && !sameWay
      ? `${name} was ${money(Math.abs(delta))} ${moreOrLess(delta)} although your pay before deductions was ${moreOrLess(context.grossDelta)}: ask your payroll team if you are unsure why.`
      : null;
  switch (kind) {
    case 'income-tax': {
      if (context.taxCause) return taxCauseWords(context.taxCause, context);
      const change = context.taxCodeChange;
      if (change) {
        const said = `Your tax code changed from ${change.from.code} to ${change.to.code}: ${taxCodeChangeWords(change)}`;
        // A smaller allowance means more tax: named as the cause only when the tax moved that way.
        const allowanceExplains = change.allowanceDeltaPounds !== null && Math.sign(-change.allowanceDeltaPounds) === Math.sign(delta);
        if (allowanceExplains || change.basisChanged || change.otherChange) return `${said}.${payMoved ? ' Your pay changed too.' : ''}`;
        return `${said}. Income Tax was ${money(Math.abs(delta))} ${moreOrLess(delta)} all the same${payMoved ? `${payMoved}` : ': ask your payroll team if you are unsure why'}.`;
      }
      // A new year with the same code changes little by itself; when the pay moved too, that is the reason to give.
      if (context.newTaxYear)
        return payMoved
          ? `Income Tax follows your pay${payMoved}; a new tax year also started on 6 April.`
          : 'A new tax year started on 6 April, so your tax-free allowance started again.';
      if (against) return against;
      if (payMoved) return `Income Tax follows your pay${payMoved}.`;
      // HMRC's cumulative method: tax on the same pay moves by pennies as the year's pay to date is
      // rounded down to whole pounds (https://www.gov.uk/government/publications/taxable-pay-tables-manual-method).
      if (context.grossDelta === 0 && Math.abs(delta) <= ROUNDING_SWING_PENCE && !explainTaxCode(context.current.taxCode).nonCumulative)
        return `Income Tax was ${money(Math.abs(delta))} ${moreOrLess(delta)} with the same pay: pennies of rounding. Your tax is worked out on your pay for the tax year so far, rounded down to whole pounds, so the tax on the same pay moves by a few pence from month to month.`;
      return `Income Tax was ${money(Math.abs(delta))} ${moreOrLess(delta)} with the same pay: ask your payroll team if you are unsure why.`;
    }
    case 'national-insurance':
      if (context.previous.niCategory !== context.current.niCategory) {
        return `Your National Insurance category changed from ${context.previous.niCategory} to ${context.current.niCategory}.`;
      }
      if (against) return against;
      return payMoved
        ? `National Insurance follows your pay${payMoved}.`
        : `National Insurance was ${money(Math.abs(delta))} ${moreOrLess(delta)} with the same pay.`;
    case 'student-loan':
      if (beforePence === 0) return 'Your pay went over the student loan repayment threshold this month, so a repayment was taken.';
      if (nowPence === 0) return 'Your pay was under the student loan repayment threshold this month, so no repayment was taken.';
      if (against) return against;
      return payMoved
        ? `Student loan repayments are a share of your pay over the threshold${payMoved}.`
        : `Your student loan repayment was ${money(Math.abs(delta))} ${moreOrLess(delta)}.`;
    case 'pension':
      if (!before) return 'Pension contributions started this month.';
      if (!now) return 'No pension contribution was taken this month.';
      if (against) return against;
      return payMoved ? `Your pension contribution is a share of your pay${payMoved}.` : 'Your pension contribution rate changed.';
    default:
      if (!before) return `A new deduction: ${name}.`;
      if (!now) return `${name} was not taken this month.`;
      return `${name} was ${money(Math.abs(delta))} ${moreOrLess(delta)} than last month.`;
  }
}

function compareLines<T extends { kind: string; name: string; amountPence: number }>(
  previous: T[],
  current: T[],
  sign: 1 | -1,
  explain: (line: T, before: T | undefined, now: T | undefined) => string,
  kind: ChangeKind,
): PayChange[] {
  const before = byKey(previous);
  const now = byKey(current);
  const keys = [...new Set([...now.keys(), ...before.keys()])];
  const changes: PayChange[] = [];
  for (const key of keys) {
    const a = before.get(key);
    const b = now.get(key);
    const beforePence = a?.amountPence ?? 0;
    const nowPence = b?.amountPence ?? 0;
    if (beforePence === nowPence) continue; // same money (perhaps reworded): nothing to explain
    const line = (b ?? a)!;
    changes.push({
      kind,
      line: line.name,
      previousPence: a ? a.amountPence : null,
      currentPence: b ? b.amountPence : null,
      effectOnNetPence: sign * (nowPence - beforePence),
      reason: explain(line, a, b),
    });
  }
  return changes;
}

/** A difference this small between the lines and the net pay is the lines' own rounding to the penny. */
const PENNIES_OF_ROUNDING = 2;

const sum = (lines: { amountPence: number }[]) => lines.reduce((total, line) => total + line.amountPence, 0);

/** What differs on `current` from `previous` (the payslip before it, same employment). */
export function comparePayslips(previous: ComparablePayslip, current: ComparablePayslip): PayComparison {
  const grossDelta = sum(current.earnings) - sum(previous.earnings);
  const taxCodeChange = taxCodeChangeOf(previous.taxCode, current.taxCode);
  const newTaxYear = taxYearOf(previous.payDate) !== taxYearOf(current.payDate);
  const taxCause = current.taxChange && previous.id !== undefined && current.taxChange.previousPayslipId === previous.id ? current.taxChange : null;
  const context: Context = { previous, current, grossDelta, taxCodeChange, newTaxYear, taxCause };

  const changes = [
    ...compareLines(previous.earnings, current.earnings, 1, (line, a, b) => earningReason(line.kind, line.name, a, b), 'earning'),
    ...compareLines(previous.deductions, current.deductions, -1, (line, a, b) => deductionReason(line.kind, line.name, a, b, context), 'deduction'),
  ];
  const netChangePence = current.netPence - previous.netPence;
  const explained = changes.reduce((total, change) => total + change.effectOnNetPence, 0);
  if (explained !== netChangePence) {
    const rest = netChangePence - explained;
    changes.push({
      kind: 'unexplained',
      line: 'Other differences',
      previousPence: null,
      currentPence: null,
      effectOnNetPence: rest,
      reason:
        Math.abs(rest) <= PENNIES_OF_ROUNDING
          ? `A penny or two of rounding: the lines of these payslips, each rounded to the penny, do not add up exactly to the change in net pay (${money(Math.abs(rest))}).`
          : `The lines of these payslips do not account for ${money(Math.abs(rest))} of the change in net pay: ask your payroll team.`,
    });
  }
  // Largest effect first; a stable sort keeps earnings before deductions when effects tie.
  changes.sort((a, b) => Math.abs(b.effectOnNetPence) - Math.abs(a.effectOnNetPence));

  const notes: string[] = [];
  if (taxCodeChange) notes.push(`Your tax code changed from ${taxCodeChange.from.code} to ${taxCodeChange.to.code}: ${taxCodeChangeWords(taxCodeChange)}.`);
  if (previous.niCategory !== current.niCategory) notes.push(`Your National Insurance category changed from ${previous.niCategory} to ${current.niCategory}.`);
  if (newTaxYear) notes.push('A new tax year started on 6 April: your year-to-date figures started again.');
  return { netChangePence, changes, notes };
}
