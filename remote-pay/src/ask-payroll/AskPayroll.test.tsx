import { screen, waitFor, within } from '@testing-library/react';
import type { PayrollQuestion } from '@portal/shared/api/payroll-questions';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiRequest } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { EMPLOYMENT_ID, explainedPayslip, PAYSLIPS_ROUTE, payslips, USER_ID } from '../testing/payslip-fixtures';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { loadMessages } from '../exposed/PayslipDetailPage';
import PayslipDetailPage from '../payslip-detail/PayslipDetailPage';

jest.mock('highcharts', () => ({ __esModule: true, default: { chart: jest.fn(() => ({ destroy: jest.fn() })) } }));

const QUESTIONS = 'GET /api/users/:userId/payslips/:payslipId/questions';
const ASK = 'POST /api/users/:userId/payslips/:payslipId/questions';

const answered: PayrollQuestion = {
  id: 'pq1',
  payslipId: 'p-oct',
  payDate: '2026-10-31',
  lineName: 'Pension',
  linePence: 10_000,
  question: 'Is this new?',
  askedAt: '2026-11-02T09:30:00Z',
  answer: 'Yes: you joined the pension scheme in October.',
  answeredAt: '2026-11-03T10:00:00Z',
};

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER_ID, employmentId: EMPLOYMENT_ID });
});

function render(routes = {}) {
  const api = mockApi({
    [PAYSLIPS_ROUTE]: envelopeReply(payslips),
    [QUESTIONS]: envelopeReply([answered]),
    [ASK]: (request: MockApiRequest) =>
      envelopeReply({
        ...(request.body as object),
        id: 'pq2',
        payslipId: request.params.payslipId,
        payDate: '2026-10-31',
        askedAt: '2026-11-04T12:00:00Z',
        answer: null,
        answeredAt: null,
      }),
    ...routes,
  });
  return {
    api,
    ...renderWithProviders(<PayslipDetailPage />, { route: '/payslips/p-oct', path: '/payslips/:id' }),
  };
}

describe('Ask payroll about a payslip line', () => {
  it('shows the questions asked about this payslip with their answers, beside it', async () => {
    const { container } = render();
    const thread = await screen.findByRole('region', { name: 'Your questions to payroll' });
    expect(thread).toHaveTextContent('About Pension (£100.00), asked on 2 November 2026');
    expect(thread).toHaveTextContent('Is this new?');
    expect(thread).toHaveTextContent('Answered by payroll on 3 November 2026');
    expect(thread).toHaveTextContent('Yes: you joined the pension scheme in October.');
    await expectNoAxeViolations(container);
  });

  it('opens a form prefilled with the payslip and the line, counts characters and sends the question by keyboard', async () => {
    const { api, user, container } = render();
    const deductions = await screen.findByRole('region', { name: 'Deductions' });
    await user.click(within(deductions).getByRole('button', { name: 'Ask payroll about this: Income Tax' }));
    const form = await screen.findByRole('region', { name: 'Ask payroll about Income Tax' });
    await waitFor(() => expect(within(form).getByRole('heading', { name: 'Ask payroll about Income Tax' })).toHaveFocus());
    expect(form).toHaveTextContent('Paid 31 October 2026');
    expect(form).toHaveTextContent('Income Tax: £210.20');
    const question = within(form).getByRole('textbox', { name: 'Your question' });
    expect(form).toHaveTextContent('You have 1,000 characters remaining');
    await expectNoAxeViolations(container);

    await user.tab();
    expect(question).toHaveFocus();
    await user.keyboard('Why did my tax go up?');
    expect(form).toHaveTextContent('You have 979 characters remaining');
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('status', { name: 'Question sent' })).toHaveTextContent('Payroll will answer your question about Income Tax here.');
    const post = api.requests.find((request) => request.method === 'POST')!;
    expect(post.path).toBe(`/api/users/${USER_ID}/payslips/p-oct/questions`);
    expect(post.body).toEqual({ lineName: 'Income Tax', linePence: 21_020, question: 'Why did my tax go up?' });
    expect(screen.queryByRole('region', { name: 'Ask payroll about Income Tax' })).toBeNull();
    const thread = screen.getByRole('region', { name: 'Your questions to payroll' });
    expect(thread).toHaveTextContent('Why did my tax go up?');
    expect(thread).toHaveTextContent('Waiting for an answer from payroll.');
    await expectNoAxeViolations(container);
  });

  it('offers to ask about each earnings line too', async () => {
    mockApi({ [PAYSLIPS_ROUTE]: envelopeReply([explainedPayslip]), [QUESTIONS]: envelopeReply([]) });
    const { user } = renderWithProviders(<PayslipDetailPage />, { route: `/payslips/${explainedPayslip.ID}`, path: '/payslips/:id' });
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    const [first] = explainedPayslip.earnings!;
    await user.click(within(earnings).getByRole('button', { name: `Ask payroll about this: ${first!.name}` }));
    expect(await screen.findByRole('region', { name: `Ask payroll about ${first!.name}` })).toBeInTheDocument();
  });

  it('asks about What changed with the change in net pay', async () => {
    const { api, user } = render();
    const changes = await screen.findByRole('region', { name: 'What changed' });
    await user.click(within(changes).getByRole('button', { name: 'Ask payroll about this: What changed' }));
    const form = await screen.findByRole('region', { name: 'Ask payroll about What changed' });
    await user.type(within(form).getByRole('textbox', { name: 'Your question' }), 'Why is my pay lower?');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await screen.findByRole('status', { name: 'Question sent' });
    const post = api.requests.find((request) => request.method === 'POST')!;
    expect(post.body).toMatchObject({ lineName: 'What changed', question: 'Why is my pay lower?' });
    expect(Number.isInteger((post.body as { linePence: number }).linePence)).toBe(true);
  });

  it('refuses an empty question and one too long in the error summary, and says when the daily limit is reached', async () => {
    const { api, user, container } = render({
      [ASK]: errorReply(429, 'You can ask at most 10 questions a day. Please try again tomorrow.', { code: 'question.daily_limit' }),
    });
    const other = await screen.findByRole('region', { name: 'Other' });
    const deductions = screen.getByRole('region', { name: 'Deductions' });
    expect(other).toBeInTheDocument();
    await user.click(within(deductions).getByRole('button', { name: 'Ask payroll about this: Pension' }));
    const form = await screen.findByRole('region', { name: 'Ask payroll about Pension' });
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    const question = within(form).getByRole('textbox', { name: 'Your question' });
    expect(question).toHaveAccessibleDescription(/Error: Enter your question/);
    await user.click(within(summary).getByRole('link', { name: 'Enter your question' }));
    expect(question).toHaveFocus();
    await expectNoAxeViolations(container);

    await user.paste('a'.repeat(1001));
    expect(form).toHaveTextContent('You have 1 character too many');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('link', { name: 'Your question must be 1,000 characters or fewer' })).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(question);
    await user.type(question, 'Why is this here?');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('link', { name: 'You can ask at most 10 questions a day. Please try again tomorrow.' })).toBeInTheDocument();
    expect(question).toHaveValue('Why is this here?');
    await expectNoAxeViolations(container);
  });
});

describe('Ask payroll in Welsh', () => {
  afterEach(() => activateLanguage('en'));

  it('asks, counts and shows the thread in Welsh, with its dates in Welsh', async () => {
    await activateLanguage('cy');
    await Promise.all([sharedTexts.load(), loadMessages()]);
    const { user, container } = render();
    const thread = await screen.findByRole('region', { name: "Eich cwestiynau i'r gyflogres" });
    expect(thread).toHaveTextContent('Am Pension (£100.00), gofynnwyd ar 2 Tachwedd 2026');
    expect(thread).toHaveTextContent('Atebwyd gan y gyflogres ar 3 Tachwedd 2026');
    await user.click(screen.getByRole('button', { name: "Gofyn i'r gyflogres am hyn: Pension" }));
    const form = await screen.findByRole('region', { name: "Gofyn i'r gyflogres am Pension" });
    expect(within(form).getByText('Mae gennych 1,000 nod yn weddill')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Anfon' }));
    expect(within(form).getByRole('alert', { name: 'Mae problem wedi codi' })).toHaveTextContent('Rhowch eich cwestiwn');
    await user.type(within(form).getByRole('textbox', { name: 'Eich cwestiwn' }), 'Pam?');
    await user.click(within(form).getByRole('button', { name: 'Anfon' }));
    expect(
      await screen.findByText("Bydd y gyflogres yn ateb eich cwestiwn am Pension yma. Byddwn yn dweud wrthych pan fyddan nhw'n gwneud hynny."),
    ).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
