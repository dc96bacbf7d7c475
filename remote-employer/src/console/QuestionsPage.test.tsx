import { screen, waitFor, within } from '@testing-library/react';
import type { EmployerQuestion } from '@portal/shared/api/payroll-questions';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiRequest } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { ACCESS, consoleError, ok } from '../testing/console-api';
import QuestionsPage from './QuestionsPage';

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', userInfo: { sub: 'u1', roles: ['employer-admin'] } });
});

const question = (overrides: Partial<EmployerQuestion> & Pick<EmployerQuestion, 'id'>): EmployerQuestion => ({
  payslipId: 'ps1',
  payDate: '2026-10-30',
  lineName: 'Income Tax',
  linePence: 41_260,
  question: 'Why did my tax go up?',
  askedAt: '2026-11-02T09:30:00Z',
  answer: null,
  answeredAt: null,
  employeeName: 'Alex Morgan',
  employmentId: 'E0001',
  ...overrides,
});

function render(routes = {}) {
  let questions = [
    question({ id: 'pq1' }),
    question({ id: 'pq2', lineName: 'Pension', linePence: 5_000, question: 'Is this new?', answer: 'Yes, from October.', answeredAt: '2026-11-03T10:00:00Z' }),
  ];
  const api = mockApi({
    'GET /api/employer-console': ACCESS,
    'GET /api/employers/:employerId/questions': () => ok({ questions }),
    'POST /api/employers/:employerId/questions/:questionId/answer': (request: MockApiRequest) => {
      const answer = (request.body as { answer: string }).answer;
      questions = questions.map((q) => (q.id === request.params.questionId ? { ...q, answer, answeredAt: '2026-11-04T11:00:00Z' } : q));
      return ok(questions.find((q) => q.id === request.params.questionId));
    },
    ...routes,
  });
  return { api, ...renderWithProviders(<QuestionsPage />, { route: '/employer/questions' }) };
}

describe('the questions page', () => {
  it('lists the open questions with a form each, and the answered ones with their answers', async () => {
    const { container } = render();
    const open = await screen.findByRole('region', { name: 'Waiting for an answer (1)' });
    const nav = screen.getByRole('navigation', { name: 'Employer console' });
    expect(within(nav).getByRole('link', { name: 'Questions' })).toHaveAttribute('aria-current', 'page');
    expect(open).toHaveTextContent('Alex Morgan (E0001)');
    expect(open).toHaveTextContent('Paid 30 October 2026');
    expect(open).toHaveTextContent('Income Tax: £412.60');
    expect(open).toHaveTextContent('2 November 2026, 09:30');
    expect(open).toHaveTextContent('Why did my tax go up?');
    expect(within(open).getByRole('form', { name: 'Answer Alex Morgan’s question about Income Tax' })).toBeInTheDocument();
    const answered = screen.getByRole('region', { name: 'Answered (1)' });
    expect(answered).toHaveTextContent('Pension: £50.00');
    expect(answered).toHaveTextContent('Answered 3 November 2026, 10:00: Yes, from October.');
    expect(within(answered).queryByRole('form')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('checks the answer GOV.UK style, then sends it by keyboard and moves the question to the answered', async () => {
    const { api, user, container } = render();
    const form = await screen.findByRole('form', { name: 'Answer Alex Morgan’s question about Income Tax' });
    await user.click(within(form).getByRole('button', { name: 'Send answer' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    const answer = within(form).getByRole('textbox', { name: 'Your answer' });
    expect(answer).toHaveAccessibleDescription(/Error: Enter your answer/);
    await user.click(within(summary).getByRole('link', { name: 'Enter your answer' }));
    expect(answer).toHaveFocus();
    await expectNoAxeViolations(container);

    await user.paste('a'.repeat(2001));
    await user.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByRole('link', { name: 'Your answer must be 2,000 characters or fewer' })).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(answer);
    await user.type(answer, '  Your tax code changed in October.  ');
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Send answer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status', { name: 'Answer sent' })).toHaveTextContent(
      'Alex Morgan is told, and reads your answer about Income Tax beside their payslip.',
    );
    const post = api.requests.find((request) => request.method === 'POST')!;
    expect(post.path).toBe('/api/employers/emp-north/questions/pq1/answer');
    expect(post.body).toEqual({ answer: 'Your tax code changed in October.' });
    expect(await screen.findByRole('region', { name: 'Answered (2)' })).toHaveTextContent('Your tax code changed in October.');
    expect(screen.getByRole('region', { name: 'Waiting for an answer (0)' })).toHaveTextContent('No questions are waiting for an answer.');
    await expectNoAxeViolations(container);
  });

  it('says when the question was answered already', async () => {
    const { user } = render({
      'POST /api/employers/:employerId/questions/:questionId/answer': consoleError(409, 'console.question_answered'),
    });
    const form = await screen.findByRole('form', { name: 'Answer Alex Morgan’s question about Income Tax' });
    await user.type(within(form).getByRole('textbox', { name: 'Your answer' }), 'Your tax code changed.');
    await user.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByRole('alert', { name: 'The answer was not sent' })).toHaveTextContent('This question has already been answered.');
    expect(within(form).getByRole('textbox', { name: 'Your answer' })).toHaveValue('Your tax code changed.');
  });
});
