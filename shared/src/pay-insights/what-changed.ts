// What changed between two payslips of one employment, line by line, with the reason in plain
// words where the figures show it, and each line's effect on net pay, largest first.
// Pure and in pence, so every sum is exact; the screen formats the result.
import { formatMoney } from '@portal/shared/format';
import { explainTaxCode, pounds, type TaxCodeExplanation } from '@portal/shared/pay-insights/tax-code';
import { direction, type PayWords } from '@portal/shared/pay-insights/words';

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
/** A change's size and direction, as the catalog's texts read them: '{amount} {direction, select, more {more} …}'. */
const change = (delta: number) => ({ amount: money(Math.abs(delta)), direction: direction(delta) });

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

function earningReason(kind: EarningKind, name: string, before: EarningLine | undefined, now: EarningLine | undefined, words: PayWords): string {
  const say = words.text;
  if (!before) {
    if (kind === 'overtime') return now?.hours ? say('newOvertimeHours', { hours: String(now.hours) }) : say('newOvertime');
    if (kind === 'bonus') return say('newBonus');
    if (kind === 'statutory') return say('newStatutory', { name });
    return say('newEarning', { name });
  }
  if (!now) {
    if (kind === 'overtime') return say('noOvertime');
    if (kind === 'bonus') return say('noBonus');
    if (kind === 'statutory') return say('noStatutory', { name });
    return say('earningNotPaid', { name });
  }
  const delta = now.amountPence - before.amountPence;
  if (before.ratePence !== undefined && now.ratePence !== undefined && before.ratePence !== now.ratePence) {
    const rise = now.ratePence > before.ratePence;
    return say('rateChanged', { change: rise ? 'rise' : 'fall', from: money(before.ratePence), to: money(now.ratePence) });
  }
  if (before.hours !== undefined && now.hours !== undefined && before.hours !== now.hours) {
    const hours = { now: String(now.hours), before: String(before.hours) };
    return say(kind === 'overtime' ? 'overtimeHours' : 'paidHours', hours);
  }
  if (kind === 'basic') return say(delta > 0 ? 'basicUp' : 'basicDown');
  if (kind === 'overtime') return say('overtimeMoreOrLess', { direction: direction(delta) });
  if (kind === 'bonus') return say('bonusLargerOrSmaller', { direction: direction(delta) });
  return say('lineMoreOrLess', { name, ...change(delta) });
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

function taxCodeChangeOf(previousCode: string, currentCode: string, words: PayWords): TaxCodeChange | null {
  // A payslip published without a code says nothing of a change.
  if (!previousCode.trim() || !currentCode.trim()) return null;
  const from = explainTaxCode(previousCode, words);
  const to = explainTaxCode(currentCode, words);
  if (from.code === to.code) return null;
  if (!from.recognised || !to.recognised) return { from, to, allowanceDeltaPounds: null, basisChanged: false, otherChange: true };
  const bothAllowances = from.allowancePounds !== null && to.allowancePounds !== null;
  const allowanceDeltaPounds = bothAllowances && from.allowancePounds !== to.allowancePounds ? to.allowancePounds! - from.allowancePounds! : null;
  const basisChanged = from.nonCumulative !== to.nonCumulative;
  // Another region, or the same allowance under another letter or flat rate.
  const otherChange = from.region !== to.region || (allowanceDeltaPounds === null && withoutMarker(from.code) !== withoutMarker(to.code));
  return { from, to, allowanceDeltaPounds, basisChanged, otherChange };
}

/** What the new code changed, in words: 'your tax-free amount went down by £1,600 a year (from £12,570 to £10,970)'. */
function taxCodeChangeWords(codes: TaxCodeChange, words: PayWords): string {
  const say = words.text;
  if (!codes.from.recognised || !codes.to.recognised) return say('codeChangeUnreadable');
  const parts: string[] = [];
  if (codes.allowanceDeltaPounds !== null) {
    const delta = codes.allowanceDeltaPounds;
    const [from, to] = [codes.from.allowancePounds!, codes.to.allowancePounds!];
    parts.push(
      from < 0 || to < 0
        ? // A K code: more allowance is less of the pay taxed.
          say('codeChangeTaxed', { amount: pounds(delta), direction: direction(-delta) })
        : say('codeChangeAllowance', { amount: pounds(delta), direction: direction(delta), from: pounds(from), to: pounds(to) }),
    );
  }
  if (codes.basisChanged) parts.push(say(codes.to.nonCumulative ? 'codeChangeNonCumulative' : 'codeChangeCumulative'));
  if (codes.otherChange && codes.from.region !== codes.to.region) parts.push(say('codeChangeRegion', { region: codes.to.region.toLowerCase() }));
  else if (codes.otherChange) parts.push(say('codeChangeOther'));
  if (codes.allowanceDeltaPounds === null && codes.basisChanged && !codes.otherChange) parts.unshift(say('codeChangeSameAllowance'));
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
  words: PayWords;
};

/** Under £1: the cumulative method's rounding, not a cause worth its own words. */
const isPennies = (pence: number) => Math.abs(pence) <= ROUNDING_SWING_PENCE;

/**
 * Income Tax's change told by its causes, largest first: 'Worked out again by HMRC's method: £46.40
 * more because your taxable pay was £244.56 more; £0.40 more because your tax code changed…'.
 */
function taxCauseWords(cause: TaxChangeCause, context: Context): string {
  const { previous, current, taxCodeChange, words } = context;
  const say = words.text;
  const parts: { pence: number; words: string }[] = [];
  const effectOf = (pence: number) => say('amountMoreOrLess', change(pence));
  if (cause.codeEffectPence !== 0) {
    const effect = effectOf(cause.codeEffectPence);
    const text = taxCodeChange
      ? say('causeCode', { effect, from: taxCodeChange.from.code, to: taxCodeChange.to.code, change: taxCodeChangeWords(taxCodeChange, words) })
      : say('causeCodeUnnamed', { effect });
    parts.push({ pence: cause.codeEffectPence, words: text });
  }
  if (cause.payEffectPence !== 0) {
    const taxableDelta =
      current.taxablePence !== undefined && current.taxablePence !== null && previous.taxablePence !== undefined && previous.taxablePence !== null
        ? current.taxablePence - previous.taxablePence
        : null;
    const effect = effectOf(cause.payEffectPence);
    const text = taxableDelta ? say('causePay', { effect, taxable: effectOf(taxableDelta) }) : say('causePayUnnamed', { effect });
    parts.push({ pence: cause.payEffectPence, words: text });
  }
  if (cause.yearToDateEffectPence !== 0) {
    const pence = cause.yearToDateEffectPence;
    const id = cause.newTaxYear ? 'causeNewYear' : cause.extraPayDay ? 'causeExtraPayDay' : isPennies(pence) ? 'causeRounding' : 'causeYearToDate';
    parts.push({ pence, words: say(id, { effect: effectOf(pence) }) });
  }
  parts.sort((a, b) => Math.abs(b.pence) - Math.abs(a.pence));
  return say('workedOutAgain', { causes: parts.map((part) => part.words).join('; ') });
}

function deductionReason(kind: DeductionKind, name: string, before: DeductionLine | undefined, now: DeductionLine | undefined, context: Context): string {
  const say = context.words.text;
  const beforePence = before?.amountPence ?? 0;
  const nowPence = now?.amountPence ?? 0;
  const delta = nowPence - beforePence;
  const { grossDelta } = context;
  // A deduction 'follows your pay' only when it moved the same way as the pay did.
  const sameWay = Math.sign(delta) === Math.sign(grossDelta);
  const payMoved = grossDelta !== 0 && sameWay;
  const pay = { gross: money(Math.abs(grossDelta)), pay: direction(grossDelta) };
  const against = grossDelta !== 0 && !sameWay ? say('againstPay', { name, ...change(delta), pay: direction(grossDelta) }) : null;
  switch (kind) {
    case 'income-tax': {
      if (context.taxCause) return taxCauseWords(context.taxCause, context);
      const codes = context.taxCodeChange;
      if (codes) {
        const said = { from: codes.from.code, to: codes.to.code, change: taxCodeChangeWords(codes, context.words) };
        // A smaller allowance means more tax: named as the cause only when the tax moved that way.
        const allowanceExplains = codes.allowanceDeltaPounds !== null && Math.sign(-codes.allowanceDeltaPounds) === Math.sign(delta);
        if (allowanceExplains || codes.basisChanged || codes.otherChange) return say(payMoved ? 'codeChangedPayToo' : 'codeChanged', said);
        return payMoved
          ? say('codeChangedTaxAnywayPayMoved', { ...said, ...change(delta), ...pay })
          : say('codeChangedTaxAnyway', { ...said, ...change(delta) });
      }
      // A new year with the same code changes little by itself; when the pay moved too, that is the reason to give.
      if (context.newTaxYear) return payMoved ? say('taxFollowsPayNewYear', pay) : say('newYearAllowance');
      if (against) return against;
      if (payMoved) return say('taxFollowsPay', pay);
      // HMRC's cumulative method: tax on the same pay moves by pennies as the year's pay to date is
      // rounded down to whole pounds (https://www.gov.uk/government/publications/taxable-pay-tables-manual-method).
      if (grossDelta === 0 && Math.abs(delta) <= ROUNDING_SWING_PENCE && !explainTaxCode(context.current.taxCode, context.words).nonCumulative)
        return say('taxRounding', change(delta));
      return say('taxSamePay', change(delta));
    }
    case 'national-insurance':
      if (context.previous.niCategory !== context.current.niCategory)
        return say('niCategoryChanged', { from: context.previous.niCategory, to: context.current.niCategory });
      if (against) return against;
      return payMoved ? say('niFollowsPay', pay) : say('niSamePay', change(delta));
    case 'student-loan':
      if (beforePence === 0) return say('loanStarted');
      if (nowPence === 0) return say('loanStopped');
      if (against) return against;
      return payMoved ? say('loanFollowsPay', pay) : say('loanChanged', change(delta));
    case 'pension':
      if (!before) return say('pensionStarted');
      if (!now) return say('pensionStopped');
      if (against) return against;
      return payMoved ? say('pensionFollowsPay', pay) : say('pensionRateChanged');
    default:
      if (!before) return say('newDeduction', { name });
      if (!now) return say('deductionNotTaken', { name });
      return say('lineMoreOrLess', { name, ...change(delta) });
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
export function comparePayslips(previous: ComparablePayslip, current: ComparablePayslip, words: PayWords): PayComparison {
  const grossDelta = sum(current.earnings) - sum(previous.earnings);
  const taxCodeChange = taxCodeChangeOf(previous.taxCode, current.taxCode, words);
  const newTaxYear = taxYearOf(previous.payDate) !== taxYearOf(current.payDate);
  const taxCause = current.taxChange && previous.id !== undefined && current.taxChange.previousPayslipId === previous.id ? current.taxChange : null;
  const context: Context = { previous, current, grossDelta, taxCodeChange, newTaxYear, taxCause, words };

  const changes = [
    ...compareLines(previous.earnings, current.earnings, 1, (line, a, b) => earningReason(line.kind, line.name, a, b, words), 'earning'),
    ...compareLines(previous.deductions, current.deductions, -1, (line, a, b) => deductionReason(line.kind, line.name, a, b, context), 'deduction'),
  ];
  const netChangePence = current.netPence - previous.netPence;
  const explained = changes.reduce((total, change) => total + change.effectOnNetPence, 0);
  if (explained !== netChangePence) {
    const rest = netChangePence - explained;
    changes.push({
      kind: 'unexplained',
      line: words.text('otherDifferences'),
      previousPence: null,
      currentPence: null,
      effectOnNetPence: rest,
      reason: words.text(Math.abs(rest) <= PENNIES_OF_ROUNDING ? 'roundingPennies' : 'unaccounted', { amount: money(Math.abs(rest)) }),
    });
  }
  // Largest effect first; a stable sort keeps earnings before deductions when effects tie.
  changes.sort((a, b) => Math.abs(b.effectOnNetPence) - Math.abs(a.effectOnNetPence));

  const notes: string[] = [];
  if (taxCodeChange)
    notes.push(words.text('codeChanged', { from: taxCodeChange.from.code, to: taxCodeChange.to.code, change: taxCodeChangeWords(taxCodeChange, words) }));
  if (previous.niCategory !== current.niCategory) notes.push(words.text('niCategoryChanged', { from: previous.niCategory, to: current.niCategory }));
  if (newTaxYear) notes.push(words.text('noteNewYear'));
  return { netChangePence, changes, notes };
}
