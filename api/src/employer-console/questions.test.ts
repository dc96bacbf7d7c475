// The console's payroll questions, as Northwind's admin (Priya) answers them over real HTTP: the list
// (open first, with the employee and the line), one answer however many are sent at once, its audit
// entry, the employee's notice and Recent updates, clear refusals, and no other employer's question.
import { DEMO, FRONT_END, api, liveTestApp, signInAlex, unwrap } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import { makeAdmin, signInAsAdmin } from '../test/admins';
import type { EmployerQuestionDto, EmployerQuestionListDto } from '@portal/shared/wire/payroll-questions';
import { askQuestion } from '../payroll-questions/repository';

const live = liveTestApp({ logLevel: 'warn' });
const NW = `/api/employers/${DEMO.employers.northwind}`;
const BW = `/api/employers/${DEMO.employers.brightwater}`;
let priya: SignedIn;
let bea: SignedIn;
let alex: SignedIn;
let payslipId: string;

beforeAll(async () => {
  priya = await signInAsAdmin(live.t, DEMO.priya.email);
  await makeAdmin(live.t.database.db, DEMO.employers.brightwater, 'admin@brightwater.example', ['Bea', 'Waters']);
  bea = await signInAsAdmin(live.t, 'admin@brightwater.example');
  alex = await signInAlex(live.t.app);
  payslipId = (
    await live.t.database.db
      .selectFrom('payslips')
      .select('id')
      .where('employment_id', '=', DEMO.employments.alexNorthwind)
      .orderBy('pay_date', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);

const ask = async (question: string, lineName = 'Income Tax') => {
  const asked = await askQuestion(live.t.database, { userId: DEMO.alex.id, payslipId, lineName, linePence: 41_260, question });
  if (asked.kind !== 'asked') throw new Error(asked.kind);
  return asked.question.id;
};
const list = async (admin = priya, base = NW) => unwrap<EmployerQuestionListDto>(await api(live.t.app, admin, 'GET', `${base}/questions`)).data.questions;
const answer = (id: string, text: string, admin = priya, base = NW) => api(live.t.app, admin, 'POST', `${base}/questions/${id}/answer`, { answer: text });

it('lists the open questions first, with the employee, the payslip and the line', async () => {
  const first = await ask('Why did my tax go up?');
  const second = await ask('What is this deduction?', 'Pension');
  expect((await answer(first, 'Your tax code changed in April.')).statusCode).toBe(200);
  const questions = await list();
  const ids = questions.map((q) => q.id);
  expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
  expect(questions.find((q) => q.id === second)).toMatchObject({
    employeeName: expect.stringContaining('Alex'),
    employmentId: expect.any(String),
    payslipId,
    lineName: 'Pension',
    linePence: 41_260,
    question: 'What is this deduction?',
    answer: null,
    answeredAt: null,
  });
  expect(questions.find((q) => q.id === first)).toMatchObject({ answer: 'Your tax code changed in April.', answeredAt: expect.any(String) });
  expect(await list(bea, BW)).toEqual([]);
});

it('stores the answer trimmed, writes the audit entry, tells the employee and shows it in their Recent updates', async () => {
  const id = await ask('Why is my pay lower?');
  const res = await answer(id, '  Your overtime was paid last month.  ');
  expect(res.statusCode).toBe(200);
  expect(unwrap<EmployerQuestionDto>(res).data).toMatchObject({ id, answer: 'Your overtime was paid last month.' });
  const audit = await live.t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('employer_id', '=', DEMO.employers.northwind)
    .where('action', '=', 'question_answered')
    .execute();
  expect(audit.map((a) => a.detail)).toContain(`Answered a question about Income Tax on the payslip for ${unwrap<EmployerQuestionDto>(res).data.payDate}`);
  const notices = await live.t.database.db.selectFrom('notification_queue').select('channel').where('source', '=', `question:${id}`).execute();
  expect(notices.map((n) => n.channel)).toEqual(['email']);
  const updates = unwrap<{ ID: string; updateHeader: string; updateFrom: string }[]>(
    await api(live.t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/updates`),
  ).data;
  expect(updates.find((u) => u.ID === id)).toMatchObject({
    updateHeader: expect.stringMatching(/^Payroll answered your question about Income Tax/),
    updateFrom: 'Payroll team',
  });
  const mine = unwrap<{ answer: string | null }[]>(await api(live.t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/payslips/${payslipId}/questions`)).data;
  expect(mine.map((q) => q.answer)).toContain('Your overtime was paid last month.');
});

it('refuses an empty or over-long answer, and a second answer, with clear errors', async () => {
  const id = await ask('Is my student loan right?');
  const empty = await answer(id, '   ');
  expect(empty.statusCode).toBe(400);
  expect(empty.json()).toMatchObject({ code: 'answer.empty', error: 'Enter your answer' });
  const long = await answer(id, 'a'.repeat(2001));
  expect(long.json()).toMatchObject({ code: 'answer.too_long', error: 'Your answer must be 2,000 characters or fewer' });
  expect((await answer(id, ` ${'a'.repeat(2000)} `)).statusCode).toBe(200);
  const again = await answer(id, 'A second answer');
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({ code: 'console.question_answered', error: 'This question has already been answered.' });
});

it('answers another employer’s question, or an unknown one, as not found and changes nothing', async () => {
  const id = await ask('Whose question is this?');
  for (const questionId of [id, 'pq_nowhere']) {
    const res = await answer(questionId, 'Not ours to answer', bea, BW);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'console.question_not_found' });
  }
  expect((await list()).find((q) => q.id === id)).toMatchObject({ answer: null });
});

it('stores exactly one answer for 300 sent at once', async () => {
  const id = await ask('Why was I taxed twice?');
  const answersAudited = async () => (await live.t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'question_answered').execute()).length;
  const auditedBefore = await answersAudited();
  const calls = Array.from({ length: 300 }, (_, i) => ({
    method: 'POST',
    path: `${NW}/questions/${id}/answer`,
    headers: { cookie: priya.jar.header(), origin: FRONT_END, 'content-type': 'application/json' },
    body: JSON.stringify({ answer: `Answer ${i}` }),
  }));
  const result = await burst(live.server, calls);
  expect(result.statuses).toEqual({ 200: 1, 409: 299 });
  expect(await answersAudited()).toBe(auditedBefore + 1);
  expect((await list()).find((q) => q.id === id)?.answer).toMatch(/^Answer \d+$/);
  const notices = await live.t.database.db.selectFrom('notification_queue').select('id').where('source', '=', `question:${id}`).execute();
  expect(notices).toHaveLength(1);
});
