// GET .../employments/{employmentId}/forecast on the demo data: Alex's next payslip at Northwind,
// worked by hand from his October 2026 payslip (1097L, letter A, Plan 2, 5% into the pension before tax).
import { DEMO, api, createTestApp, signInAlex, signInSam, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import type { PayForecast } from '@portal/shared/api/types';
import { pensionChoiceOf } from './forecast-route';

let t: TestApp;
let alex: SignedIn;
let sam: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
  sam = await signInSam(t.app);
});
afterAll(() => t.close());

const forecastUrl = (user: SignedIn, employmentId: string, query = '') => `/api/users/${user.sub}/employments/${employmentId}/forecast${query}`;
const northwind = DEMO.employments.alexNorthwind;

describe('the forecast', () => {
  it('estimates November 2026 from October’s payslip', async () => {
    const res = await api(t.app, alex, 'GET', forecastUrl(alex, northwind));
    expect(res.statusCode).toBe(200);
    const forecast = unwrap<PayForecast>(res).data;
    expect(forecast.basedOn).toEqual({
      payslipId: 'ps_alex_northwind_20261030',
      payDate: '2026-10-30',
      basicPay: 3312,
      taxCode: '1097L',
      niCategory: 'A',
      // No plan on the record: £77 on £3,312 is only Plan 2's repayment.
      studentLoans: ['plan2'],
      pension: { method: 'net-pay', percent: 5 },
    });
    // Tax month 8: taxable to date £22,257.13 + £3,146.40 = £25,403.53, less 8 × £914.93 (1097L: code
    // 97's £81.59 and two £416.67 blocks) = £18,084.09 → £18,084 at 20% = £3,616.80, less £3,170.40 paid.
    // NI (£3,312 − £1,048) × 8% = £181.12; Plan 2 (£3,312 − £2,448.75) × 9% = £77.69 → £77; pension 5% = £165.60.
    expect(forecast.next).toEqual({
      payDate: '2026-11-30',
      taxPeriod: 8,
      grossPay: 3312,
      incomeTax: 446.4,
      nationalInsurance: 181.12,
      studentLoan: 77,
      postgraduateLoan: 0,
      pension: 165.6,
      takeHome: 2441.88,
    });
    // Five more pay days (November to March) at £3,312 on top of October's year to date.
    expect(forecast.year.remainingPeriods).toBe(5);
    expect(forecast.year.soFar).toMatchObject({ grossPay: 23428.56, incomeTax: 3170.4, takeHome: 17238.33 });
    expect(forecast.year.remaining).toMatchObject({ grossPay: 16560, pension: 828, studentLoan: 385 });
    expect(forecast.year.total.grossPay).toBe(39988.56);
    expect(Math.round(forecast.year.total.takeHome * 100)).toBe(Math.round((forecast.year.soFar.takeHome + forecast.year.remaining.takeHome) * 100));
    expect(forecast.whatIf).toBeNull();
  });

  it('prices 8% into the pension: £99.36 more paid in, £20 less tax', async () => {
    const res = await api(t.app, alex, 'GET', forecastUrl(alex, northwind, '?pensionPercent=8'));
    const { whatIf } = unwrap<PayForecast>(res).data;
    // Taxable £3,047.04: to date £25,304.17 − £7,319.44 → £17,984 at 20% = £3,596.80, less £3,170.40 = £426.40.
    expect(whatIf).toEqual({
      pension: { method: 'net-pay', percent: 8 },
      next: expect.objectContaining({ pension: 264.96, incomeTax: 426.4, nationalInsurance: 181.12, takeHome: 2362.52 }),
      takeHomeChangePerPeriod: -79.36,
      takeHomeChangePerYear: -953.92,
    });
    const sacrifice = unwrap<PayForecast>(await api(t.app, alex, 'GET', forecastUrl(alex, northwind, '?pensionPercent=8&salarySacrifice=true'))).data.whatIf!;
    // Gross £3,047.04: NI £21.20 less, Plan 2 £23.85 less (£53.84 → £53, £24 less).
    expect(sacrifice.pension).toEqual({ method: 'salary-sacrifice', percent: 8 });
    expect(sacrifice.next).toMatchObject({ grossPay: 3047.04, nationalInsurance: 159.92, studentLoan: 53, incomeTax: 426.4, pension: 264.96 });
    expect(sacrifice.takeHomeChangePerPeriod).toBe(-79.36 + 21.2 + 24);
  });

  it('refuses a percentage it cannot use, in words the form can show', async () => {
    for (const bad of ['abc', '-1', '101', '8.25', '', '1e2']) {
      const res = await api(t.app, alex, 'GET', forecastUrl(alex, northwind, `?pensionPercent=${encodeURIComponent(bad)}`));
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
      expect(res.json()).toMatchObject({
        code: 'forecast.pension_percent_invalid',
        error: 'Pension contribution must be a percentage between 0 and 100, like 8 or 8.5',
      });
    }
    const res = await api(t.app, alex, 'GET', forecastUrl(alex, northwind, '?salarySacrifice=yes'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'forecast.salary_sacrifice_invalid' });
    expect(pensionChoiceOf({ pensionPercent: '100', salarySacrifice: 'false' })).toEqual({ percent: 100, salarySacrifice: false });
    expect(pensionChoiceOf({ pensionPercent: '0.5' })).toEqual({ percent: 0.5 });
  });

  it('answers 409 for an ended employment', async () => {
    const res = await api(t.app, alex, 'GET', forecastUrl(alex, DEMO.employments.alexBrightwater));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'forecast.employment_ended',
      error: 'There is no next payslip to estimate: your work for this employer has ended.',
    });
  });

  it('answers 409 forecast.unreadable when the latest payslip’s code is not one the engine reads', async () => {
    await t.database.db.updateTable('payslips').set({ tax_code: 'ZZ9' }).where('id', '=', 'ps_alex_northwind_20261030').execute();
    try {
      const res = await api(t.app, alex, 'GET', forecastUrl(alex, northwind));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'forecast.unreadable', field: 'taxCode', error: 'We cannot read the tax code ZZ9 on your latest payslip.' });
    } finally {
      await t.database.db.updateTable('payslips').set({ tax_code: '1097L' }).where('id', '=', 'ps_alex_northwind_20261030').execute();
    }
  });

  it('is only the owner’s: another user’s employment is not found', async () => {
    const res = await api(t.app, sam, 'GET', forecastUrl(sam, northwind));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('3312');
    const own = await api(t.app, sam, 'GET', forecastUrl(sam, DEMO.employments.samBrightwater));
    expect(own.statusCode).toBe(200);
    expect(unwrap<PayForecast>(own).data.basedOn.basicPay).toBe(2450);
  });
});
