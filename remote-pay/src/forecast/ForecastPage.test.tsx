import { screen, within } from '@testing-library/react';
import type { PayForecast } from '@portal/shared/api/types';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiRequest } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { EMPLOYMENT_ID, USER_ID } from '../testing/payslip-fixtures';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { loadMessages } from '../exposed/ForecastPage';
import ForecastPage from './ForecastPage';

const FORECAST_ROUTE = 'GET /api/users/:userId/employments/:employmentId/forecast';

const totals = { grossPay: 3312, incomeTax: 446.4, nationalInsurance: 181.12, studentLoan: 77, postgraduateLoan: 0, pension: 165.6, takeHome: 2441.88 };

// Alex's November 2026 as the API works it out from October's payslip.
const forecast: PayForecast = {
  taxYear: '2026/27',
  frequency: 'monthly',
  basedOn: {
    payslipId: 'ps_oct',
    payDate: '2026-10-30',
    basicPay: 3312,
    taxCode: '1097L',
    niCategory: 'A',
    studentLoans: ['plan2'],
    pension: { method: 'net-pay', percent: 5 },
  },
  next: { payDate: '2026-11-30', taxPeriod: 8, ...totals },
  year: {
    remainingPeriods: 5,
    soFar: { grossPay: 23428.56, incomeTax: 3170.4, nationalInsurance: 1287.4, studentLoan: 561, postgraduateLoan: 0, pension: 1171.43, takeHome: 17238.33 },
    remaining: { grossPay: 16560, incomeTax: 2231.4, nationalInsurance: 905.6, studentLoan: 385, postgraduateLoan: 0, pension: 828, takeHome: 12210 },
    total: { grossPay: 39988.56, incomeTax: 5401.8, nationalInsurance: 2193, studentLoan: 946, postgraduateLoan: 0, pension: 1999.43, takeHome: 29448.33 },
  },
  whatIf: null,
};

const withEightPercent: PayForecast = {
  ...forecast,
  whatIf: {
    pension: { method: 'net-pay', percent: 8 },
    next: { payDate: '2026-11-30', taxPeriod: 8, ...totals, incomeTax: 426.4, pension: 264.96, takeHome: 2362.52 },
    takeHomeChangePerPeriod: -79.36,
    takeHomeChangePerYear: -953.92,
  },
};

const figuresIn = (list: HTMLElement) =>
  Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

function answerForecasts() {
  return mockApi({
    [FORECAST_ROUTE]: (request: MockApiRequest) => envelopeReply(request.url.includes('pensionPercent=8') ? withEightPercent : forecast),
  });
}

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Your next payslip', () => {
  it('shows the estimate, labelled as one, and the year’s total', async () => {
    answerForecasts();
    const { container } = renderWithProviders(<ForecastPage />, { route: '/payslips/forecast', path: '/payslips/forecast' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your next payslip' })).toHaveFocus();
    expect(screen.getByText(/This is an estimate from your latest payslip/)).toBeInTheDocument();
    const next = await screen.findByRole('region', { name: 'Payslip of 30 November 2026 (estimated)' });
    expect(next).toHaveTextContent('From your payslip of 30 October 2026: basic pay £3,312.00, tax code 1097L, National Insurance letter A, pension 5%.');
    expect(figuresIn(next)).toEqual({
      'Gross pay': '£3,312.00',
      'Income Tax': '£446.40',
      'National Insurance': '£181.12',
      Pension: '£165.60',
      'Student loan': '£77.00',
      'Take-home pay': '£2,441.88',
    });
    const year = screen.getByRole('region', { name: '2026/27 in total (estimated)' });
    expect(year).toHaveTextContent('Paid so far, plus 5 more pay days like the next one.');
    expect(year).toHaveTextContent('Take-home pay£29,448.33');
    await expectNoAxeViolations(container);
  });

  it('prices a higher pension from the keyboard: £79.36 less a month, £953.92 less a year', async () => {
    const api = answerForecasts();
    const { user, container } = renderWithProviders(<ForecastPage />);
    await screen.findByRole('region', { name: /Payslip of 30 November 2026/ });
    const percent = screen.getByRole('textbox', { name: 'Pension contribution (% of pay)' });
    expect(percent).toHaveAccessibleDescription('You pay 5% now. For example, 8 or 8.5.');
    await user.tab();
    await user.click(percent);
    await user.keyboard('8');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Pay it by salary sacrifice' })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'Pay it by salary sacrifice' })).not.toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show the difference' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const result = await screen.findByRole('region', { name: 'With 8% into your pension' });
    expect(result).toHaveTextContent('Your take-home pay would be £79.36 less a month, and £953.92 less a year.');
    expect(result).toHaveTextContent('Take-home pay£2,362.52');
    expect(api.requests.at(-1)!.url).toContain('pensionPercent=8&salarySacrifice=false');
    await expectNoAxeViolations(container);
  });

  it('refuses a percentage it cannot use, with a summary that leads to the field', async () => {
    const api = answerForecasts();
    const { user, container } = renderWithProviders(<ForecastPage />);
    await screen.findByRole('region', { name: /Payslip of 30 November 2026/ });
    await user.type(screen.getByRole('textbox', { name: 'Pension contribution (% of pay)' }), '120');
    await user.click(screen.getByRole('button', { name: 'Show the difference' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    const field = screen.getByRole('textbox', { name: 'Pension contribution (% of pay)' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('You pay 5% now. For example, 8 or 8.5. Error: Enter a percentage between 0 and 100');
    await user.click(within(summary).getByRole('link', { name: 'Enter a percentage between 0 and 100' }));
    expect(field).toHaveFocus();
    expect(api.requests).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('says plainly why there is no estimate', async () => {
    mockApi({
      [FORECAST_ROUTE]: errorReply(409, 'There is no next payslip to estimate: your work for this employer has ended.', { code: 'forecast.employment_ended' }),
    });
    const { container } = renderWithProviders(<ForecastPage />);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your next payslip cannot be estimated');
    expect(notice).toHaveTextContent('There is no next payslip to estimate: your work for this employer has ended.');
    expect(screen.queryByRole('button', { name: 'Show the difference' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe('the next payslip in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('estimates, totals the year and answers the pension question in Welsh', async () => {
    await activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
    answerForecasts();
    const { user, container } = renderWithProviders(<ForecastPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Eich slip cyflog nesaf' })).toBeInTheDocument();
    const next = await screen.findByRole('region', { name: 'Slip cyflog 30 Tachwedd 2026 (amcangyfrif)' });
    expect(
      within(next).getByText("O'ch slip cyflog ar 30 Hydref 2026: cyflog sylfaenol £3,312.00, cod treth 1097L, llythyren Yswiriant Gwladol A, pensiwn 5%."),
    ).toBeInTheDocument();
    expect(Object.keys(figuresIn(next))).toEqual(['Cyflog gros', 'Treth Incwm', 'Yswiriant Gwladol', 'Pensiwn', 'Benthyciad myfyriwr', 'Cyflog clir']);
    expect(screen.getByRole('region', { name: '2026/27 i gyd (amcangyfrif)' })).toHaveTextContent('ynghyd â 5 diwrnod tâl arall');
    await user.click(screen.getByRole('button', { name: 'Dangos y gwahaniaeth' }));
    expect(screen.getByRole('alert', { name: 'Mae problem wedi codi' })).toHaveTextContent("Rhowch y ganran o'ch cyflog i'w rhoi yn eich pensiwn");
    await user.type(screen.getByRole('textbox', { name: "Cyfraniad pensiwn (% o'r cyflog)" }), '8');
    await user.click(screen.getByRole('button', { name: 'Dangos y gwahaniaeth' }));
    const result = await screen.findByRole('region', { name: "Gyda 8% i'ch pensiwn" });
    expect(result).toHaveTextContent('Byddai eich cyflog clir £79.36 yn llai y mis, a £953.92 yn llai y flwyddyn.');
    await expectNoAxeViolations(container);
  });
});
