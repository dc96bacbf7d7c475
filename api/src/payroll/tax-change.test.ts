// Why tax changed, by working the pay day again with HMRC's method: on Alex's demo payroll, whose
// figures the engine made, and on payslips the engine cannot reproduce.
import { alexNorthwindPlan, jamieGlenmorePlan } from '../db/demo/plans';
import { runPayroll, type PayrollPayslip } from './run';
import { taxChangeCause, type TaxFacts } from './tax-change';

const facts = (slip: PayrollPayslip): TaxFacts => ({
  id: slip.payDate,
  payDate: slip.payDate,
  frequency: slip.frequency,
  taxCode: slip.taxCode,
  taxablePence: slip.taxablePence,
  incomeTaxPence: slip.deductions.find((line) => line.kind === 'income-tax')!.amountPence,
  yearToDate: { taxablePence: slip.yearToDate.taxablePence, incomeTaxPence: slip.yearToDate.incomeTaxPence },
});

const alex = runPayroll(alexNorthwindPlan);
const on = (month: string) => alex.findIndex((slip) => slip.payDate.startsWith(month));
const causeOf = (month: string) => taxChangeCause(facts(alex[on(month) - 1]!), facts(alex[on(month)]!));
const taxOf = (month: string) => facts(alex[on(month)]!).incomeTaxPence;

describe('taxChangeCause on Alex’s demo payroll', () => {
  it('splits every change of tax into code, pay and year-to-date effects that add up to it', () => {
    for (let i = 1; i < alex.length; i++) {
      const cause = taxChangeCause(facts(alex[i - 1]!), facts(alex[i]!))!;
      expect(cause.codeEffectPence + cause.payEffectPence + cause.yearToDateEffectPence).toBe(
        facts(alex[i]!).incomeTaxPence - facts(alex[i - 1]!).incomeTaxPence,
      );
    }
  });

  it('30 September 2026: £46.80 more tax is £46.40 of overtime and £0.40 of the code going back from 1097L M1 to 1097L', () => {
    expect(taxOf('2026-09') - taxOf('2026-08')).toBe(4_680);
    expect(causeOf('2026-09')).toEqual({
      previousPayslipId: '2026-08-31',
      codeEffectPence: 40,
      payEffectPence: 4_640,
      yearToDateEffectPence: 0,
      newTaxYear: false,
      extraPayDay: false,
    });
  });

  it('31 October 2025: 1097L from 1257L takes £186.60 more, all of it the code (six months of a £1,600 smaller allowance put right at once)', () => {
    expect(causeOf('2025-10')).toMatchObject({ codeEffectPence: 18_660, payEffectPence: 0, yearToDateEffectPence: 0 });
  });

  it('28 November 2025: £160.00 less as October’s catch-up is not taken again, £56.20 more for the overtime', () => {
    expect(causeOf('2025-11')).toMatchObject({ codeEffectPence: 0, payEffectPence: 5_620, yearToDateEffectPence: -16_000 });
  });

  it('the same code and pay one month on: pennies of rounding only', () => {
    expect(causeOf('2025-07')).toMatchObject({ codeEffectPence: 0, payEffectPence: 0, yearToDateEffectPence: -20 });
  });

  it('30 April 2026: a new tax year and a 3.5% pay rise', () => {
    expect(causeOf('2026-04')).toMatchObject({ codeEffectPence: 0, payEffectPence: 2_120, newTaxYear: true });
  });
});

describe('taxChangeCause on a week 53 pay day', () => {
  // Jamie, paid weekly on Fridays on S1257L: 5 April 2024 is week 53 of 2023/24, taxed on that pay
  // day alone (https://www.gov.uk/guidance/payroll-in-week-53-54-or-56), so its penny of difference
  // from week 52 is the week 1 basis, not the cumulative method's rounding.
  const jamie = runPayroll(jamieGlenmorePlan);
  const week53 = jamie.findIndex((slip) => slip.payDate === '2024-04-05');

  it('says the pay day is the extra one', () => {
    expect(jamie[week53]!.taxPeriod).toBe(53);
    const cause = taxChangeCause(facts(jamie[week53 - 1]!), facts(jamie[week53]!))!;
    expect(cause).toMatchObject({ codeEffectPence: 0, payEffectPence: 0, extraPayDay: true, newTaxYear: false });
    expect(cause.yearToDateEffectPence).toBe(facts(jamie[week53]!).incomeTaxPence - facts(jamie[week53 - 1]!).incomeTaxPence);
  });
});

describe('taxChangeCause refuses to guess', () => {
  const august = facts(alex[on('2026-08')]!);
  const september = facts(alex[on('2026-09')]!);

  it('when the payslip’s tax is not what HMRC’s method gives', () => {
    const penny = { taxablePence: september.yearToDate!.taxablePence, incomeTaxPence: september.yearToDate!.incomeTaxPence + 1 };
    expect(taxChangeCause(august, { ...september, incomeTaxPence: september.incomeTaxPence + 1, yearToDate: penny })).toBeNull();
  });

  it('when the year-to-date figures do not follow on from the payslip before', () => {
    expect(taxChangeCause(august, { ...september, incomeTaxPence: september.incomeTaxPence + 1 })).toBeNull();
    expect(taxChangeCause({ ...august, yearToDate: null }, september)).toBeNull();
  });

  it('when a code is one the engine cannot read, or a figure is missing', () => {
    expect(taxChangeCause({ ...august, taxCode: '1257Q' }, september)).toBeNull();
    expect(taxChangeCause(august, { ...september, taxCode: null })).toBeNull();
    expect(taxChangeCause(august, { ...september, yearToDate: null })).toBeNull();
    expect(taxChangeCause({ ...august, taxablePence: null }, september)).toBeNull();
  });
});
