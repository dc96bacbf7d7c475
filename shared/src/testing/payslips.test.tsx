import { Value } from '@sinclair/typebox/value';
import { PayslipSchema } from '../wire/pay';
import { aPayslip, payslipDeductions, withoutPayslipDetails } from './payslips';

const pence = (pounds: number) => Math.round(pounds * 100);
const sumPence = (lines: { amount: number }[]) => lines.reduce((sum, line) => sum + pence(line.amount), 0);

describe('aPayslip', () => {
  it('is a payslip of the wire contract whose figures add up to the penny', () => {
    const payslip = aPayslip();
    expect(Value.Check(PayslipSchema, payslip)).toBe(true);
    expect(sumPence(payslip.earnings)).toBe(pence(payslip.grossPay));
    expect(sumPence(payslip.deductions)).toBe(pence(payslip.totalDeductions));
    expect(pence(payslip.grossPay) - pence(payslip.totalDeductions)).toBe(pence(payslip.netPay));
    expect(payslip).toMatchObject({ payDate: '2026-10-30', taxPeriod: 7, taxCode: '1257L', grossPay: 3200, taxablePay: 3040, netPay: 2402.44 });
  });

  it('is a new payslip each time, so one test changing its own does not change another’s', () => {
    const first = aPayslip();
    first.deductions.push({ name: 'Union', amount: 15 });
    first.yearToDate!.netPay = 0;
    expect(aPayslip()).toMatchObject({ deductions: payslipDeductions({ incomeTax: 398.4, nationalInsurance: 172.16, pension: 160, studentLoan: 67 }) });
    expect(aPayslip().yearToDate?.netPay).toBe(16_817.48);
  });

  it('has a year to date of seven months that adds up as the payslip does', () => {
    const { yearToDate, taxPeriod } = aPayslip();
    expect(yearToDate).not.toBeNull();
    const ytd = yearToDate!;
    expect(pence(ytd.grossPay)).toBe(pence(3200) * taxPeriod!);
    expect(pence(ytd.grossPay) - pence(ytd.pension)).toBe(pence(ytd.taxablePay));
    expect(pence(ytd.grossPay) - pence(ytd.incomeTax) - pence(ytd.nationalInsurance) - pence(ytd.pension) - pence(ytd.studentLoan)).toBe(pence(ytd.netPay));
  });

  it('works out the totals, taxable pay and tax month from the figures it is given', () => {
    const payslip = aPayslip({
      payDate: '2026-04-30',
      earnings: [
        { kind: 'basic', name: 'Basic pay', amount: 3312 },
        { kind: 'overtime', name: 'Overtime', amount: 244.56, hours: 8, rate: 30.57 },
      ],
      deductions: payslipDeductions({ incomeTax: 495.2, nationalInsurance: 200.63, pension: 177.83 }),
    });
    expect(Value.Check(PayslipSchema, payslip)).toBe(true);
    expect(payslip).toMatchObject({
      ID: 'payslip-2026-04-30',
      grossPay: 3556.56,
      totalDeductions: 873.66,
      netPay: 2682.9,
      taxablePay: 3378.73,
      taxPeriod: 1,
      other: [],
      yearToDate: null,
    });
  });

  it('makes a gross pay given alone one basic pay line, and keeps what is given over what it would work out', () => {
    expect(aPayslip({ grossPay: 1200 }).earnings).toEqual([{ kind: 'basic', name: 'Basic pay', amount: 1200 }]);
    expect(aPayslip({ netPay: 1 })).toMatchObject({ netPay: 1, grossPay: 3200, totalDeductions: 797.56 });
    expect(aPayslip({ ID: 'p-1', payDate: '2026-03-31', taxPeriod: null }).taxPeriod).toBeNull();
    expect(aPayslip({ payDate: '2026-04-05' }).taxPeriod).toBe(12);
  });

  it('leaves out the explaining details as the API does for a payslip published without them', () => {
    const payslip = aPayslip({ ...withoutPayslipDetails, grossPay: 1650 });
    expect(Value.Check(PayslipSchema, payslip)).toBe(true);
    expect(payslip).toMatchObject({ taxCode: null, niCategory: null, taxPeriod: null, earnings: [], taxablePay: null, yearToDate: null, grossPay: 1650 });
  });
});

describe('payslipDeductions', () => {
  it('lists the usual deductions in payslip order, without those not given', () => {
    expect(payslipDeductions({ incomeTax: 150, nationalInsurance: 62.35, studentLoan: 0 })).toEqual([
      { name: 'Income Tax', amount: 150 },
      { name: 'National Insurance', amount: 62.35 },
      { name: 'Student Loan', amount: 0 },
    ]);
  });
});
