// GET .../employments/{employmentId}/forecast: what the next payslip will be, estimated by the payroll
// engine from the employee's latest payslip of the tax year, with an optional pension what-if.
// Each answer is worked from its own rows: nothing is kept between requests.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PayForecastSchema } from '@portal/shared/wire/forecast';
import type { Deps } from '../deps';
import { pounds } from '../db/convert';
import { Tag } from '../docs/openapi';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses, HttpError } from '../http/errors';
import { londonIsoDate } from '../london-date';
import { forecastNextPayslip, type PayslipEstimate, type PensionChoice, type YearTotals } from '../payroll/forecast';
import { EmploymentParams } from './plugin';
import { EmploymentRepository } from './repository';

const ForecastQuery = Type.Object({
  pensionPercent: Type.Optional(Type.String({ description: 'A pension contribution to price instead: 0 to 100, one decimal place at most' })),
  salarySacrifice: Type.Optional(Type.String({ description: "'true' to pay it by salary sacrifice, 'false' not to" })),
});

/** The what-if asked for, or a coded 400 in the words the form shows. */
export function pensionChoiceOf(query: { pensionPercent?: string; salarySacrifice?: string }): Partial<PensionChoice> {
  const choice: Partial<PensionChoice> = {};
  if (query.pensionPercent !== undefined) {
    const text = query.pensionPercent.trim();
    if (!/^\d{1,3}(\.\d)?$/.test(text) || Number(text) > 100)
      throw HttpError.coded(400, 'forecast.pension_percent_invalid', 'Pension contribution must be a percentage between 0 and 100, like 8 or 8.5');
    choice.percent = Number(text);
  }
  if (query.salarySacrifice !== undefined) {
    if (query.salarySacrifice !== 'true' && query.salarySacrifice !== 'false')
      throw HttpError.coded(400, 'forecast.salary_sacrifice_invalid', 'Salary sacrifice must be true or false');
    choice.salarySacrifice = query.salarySacrifice === 'true';
  }
  return choice;
}

function totalsInPounds(t: YearTotals) {
  return {
    grossPay: pounds(t.grossPence),
    incomeTax: pounds(t.incomeTaxPence),
    nationalInsurance: pounds(t.nationalInsurancePence),
    studentLoan: pounds(t.studentLoanPence),
    postgraduateLoan: pounds(t.postgraduateLoanPence),
    pension: pounds(t.pensionPence),
    takeHome: pounds(t.netPence),
  };
}

const estimateInPounds = (e: PayslipEstimate) => ({ payDate: e.payDate, taxPeriod: e.taxPeriod, ...totalsInPounds(e) });

export const forecastRoute: FastifyPluginAsyncTypebox<Deps> = async (app, { db }) => {
  const repo = new EmploymentRepository(db);
  app.get(
    '/forecast',
    {
      schema: {
        operationId: 'getPayForecast',
        tags: [Tag.employments],
        summary: 'An estimate of the next payslip and the tax year’s total, with an optional pension what-if',
        description:
          'From the latest payslip of the current tax year: the same basic pay, no overtime or bonus, the same tax code, NI letter, loan plans and pension. 409 when the employment has ended (forecast.employment_ended), has no payslip this tax year (forecast.no_payslips) or its payslip cannot be read by the payroll engine (forecast.unreadable).',
        params: EmploymentParams,
        querystring: ForecastQuery,
        response: { 200: EnvelopeSchema(PayForecastSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const employment = request.employment!;
      const choice = pensionChoiceOf(request.query);
      if (!employment.active || employment.endDate !== null)
        throw HttpError.coded(409, 'forecast.employment_ended', 'There is no next payslip to estimate: your work for this employer has ended.');
      const latest = await repo.latestPayslipFacts(employment.id);
      if (!latest) throw HttpError.coded(409, 'forecast.no_payslips', 'There is no payslip yet to estimate the next one from.');
      const result = forecastNextPayslip(latest.facts, londonIsoDate(), choice);
      if ('unreadable' in result) throw HttpError.coded(409, 'forecast.unreadable', result.unreadable, {}, { field: result.part });
      const { forecast } = result;
      return envelope({
        taxYear: forecast.taxYear,
        frequency: forecast.frequency,
        basedOn: {
          payslipId: latest.payslipId,
          payDate: latest.facts.payDate,
          basicPay: pounds(forecast.basicPayPence),
          taxCode: forecast.taxCode,
          niCategory: forecast.niCategory,
          studentLoans: forecast.studentLoans,
          pension: forecast.pension,
        },
        next: estimateInPounds(forecast.next),
        year: {
          remainingPeriods: forecast.year.remainingPeriods,
          soFar: totalsInPounds(forecast.year.soFar),
          remaining: totalsInPounds(forecast.year.remaining),
          total: totalsInPounds(forecast.year.total),
        },
        whatIf: forecast.whatIf && {
          pension: forecast.whatIf.pension,
          next: estimateInPounds(forecast.whatIf.next),
          takeHomeChangePerPeriod: pounds(forecast.whatIf.takeHomeChangePerPeriodPence),
          takeHomeChangePerYear: pounds(forecast.whatIf.takeHomeChangePerYearPence),
        },
      });
    },
  );
};
