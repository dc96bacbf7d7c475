// What changed between two payslips of one employment, line by line, with the reason in plain
// words where the figures show it, and each line's effect on net pay, largest first.
// Pure and in pence, so every sum is exact; the screen formats the result.
import { formatMoney } from '@portal/shared/format';

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

/** The parts of a payslip a comparison reads. */
export type ComparablePayslip = {
  /** 'YYYY-MM-DD' */
  payDate: string;
  taxCode: string;
  /** National Insurance category letter ('A', 'M', …). */
  niCategory: string;
  earnings: EarningLine[];
  deductions: DeductionLine[];
  netPence: number;
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

type Context = { previous: ComparablePayslip; current: ComparablePayslip; grossDelta: number; taxCodeChanged: boolean; newTaxYear: boolean };

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
    case 'income-tax':
      if (context.taxCodeChanged) {
        return `Your tax code changed from ${context.previous.taxCode} to ${context.current.taxCode}, so ${delta > 0 ? 'less' : 'more'} of your pay is tax-free${payMoved ? ' (and your pay changed too)' : ''}.`;
      }
      // A new year with the same code changes little by itself; when the pay moved too, that is the reason to give.
      if (context.newTaxYear)
        return payMoved
          ? `Income Tax follows your pay${payMoved}; a new tax year also started on 6 April.`
          : 'A new tax year started on 6 April, so your tax-free allowance started again.';
      if (against) return against;
      return payMoved
        ? `Income Tax follows your pay${payMoved}.`
        : `Income Tax was ${money(Math.abs(delta))} ${moreOrLess(delta)} with the same pay: ask your payroll team if you are unsure why.`;
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

const sum = (lines: { amountPence: number }[]) => lines.reduce((total, line) => total + line.amountPence, 0);

/** What differs on `current` from `previous` (the payslip before it, same employment). */
export function comparePayslips(previous: ComparablePayslip, current: ComparablePayslip): PayComparison {
  const grossDelta = sum(current.earnings) - sum(previous.earnings);
  const taxCodeChanged = previous.taxCode.trim().toUpperCase() !== current.taxCode.trim().toUpperCase();
  const newTaxYear = taxYearOf(previous.payDate) !== taxYearOf(current.payDate);
  const context: Context = { previous, current, grossDelta, taxCodeChanged, newTaxYear };

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
      reason: `The lines of these payslips do not account for ${money(Math.abs(rest))} of the change in net pay: ask your payroll team.`,
    });
  }
  // Largest effect first; a stable sort keeps earnings before deductions when effects tie.
  changes.sort((a, b) => Math.abs(b.effectOnNetPence) - Math.abs(a.effectOnNetPence));

  const notes: string[] = [];
  if (taxCodeChanged) notes.push(`Your tax code changed from ${previous.taxCode} to ${current.taxCode}.`);
  if (previous.niCategory !== current.niCategory) notes.push(`Your National Insurance category changed from ${previous.niCategory} to ${current.niCategory}.`);
  if (newTaxYear) notes.push('A new tax year started on 6 April: your year-to-date figures started again.');
  return { netChangePence, changes, notes };
}
