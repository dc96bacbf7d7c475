// Questions through the employer API, on SQLite and PostgreSQL: a key lists and answers its own
// employer's questions, once; another employer's key finds none of them.
import { DEMO, createTestApp } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import type { EmployerQuestionDto, EmployerQuestionListDto } from '@portal/shared/wire/payroll-questions';
import { askQuestion } from '../payroll-questions/repository';
import { employerCall, newKey } from './test-fixtures';

let t: TestApp;
let northwind: string;
let brightwater: string;
let questionId: string;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
  northwind = await newKey(t.database.db, DEMO.employers.northwind);
  brightwater = await newKey(t.database.db, DEMO.employers.brightwater);
  const payslip = await t.database.db.selectFrom('payslips').select('id').where('employment_id', '=', DEMO.employments.alexNorthwind).executeTakeFirstOrThrow();
  const asked = await askQuestion(t.database, { userId: DEMO.alex.id, payslipId: payslip.id, lineName: 'Income Tax', linePence: 41_260, question: 'Why?' });
  if (asked.kind !== 'asked') throw new Error(asked.kind);
  questionId = asked.question.id;
});
afterAll(() => t.close());

it("lists the key's employer's questions and none of another employer's", async () => {
  const mine = await employerCall(t.app, northwind, 'GET', '/questions');
  expect(mine.statusCode).toBe(200);
  expect(mine.json<EmployerQuestionListDto>().questions).toEqual([
    expect.objectContaining({
      id: questionId,
      lineName: 'Income Tax',
      linePence: 41_260,
      question: 'Why?',
      employeeName: expect.stringContaining('Alex'),
      answer: null,
    }),
  ]);
  expect((await employerCall(t.app, brightwater, 'GET', '/questions')).json<EmployerQuestionListDto>().questions).toEqual([]);
  expect((await employerCall(t.app, null, 'GET', '/questions')).statusCode).toBe(401);
});

it('answers once: another employer’s key finds no such question, a second answer is refused', async () => {
  const theirs = await employerCall(t.app, brightwater, 'POST', `/questions/${questionId}/answer`, { answer: 'Not ours' });
  expect(theirs.statusCode).toBe(404);
  expect((await employerCall(t.app, northwind, 'POST', `/questions/${questionId}/answer`, { answer: ' ' })).json()).toMatchObject({ code: 'answer.empty' });
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => employerCall(t.app, northwind, 'POST', `/questions/${questionId}/answer`, { answer: ` Answer ${i} ` })),
  );
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
  const stored = answers.find((a) => a.statusCode === 200)!.json<EmployerQuestionDto>();
  expect(stored.answer).toMatch(/^Answer \d+$/);
  const row = await t.database.db.selectFrom('payroll_questions').select('answered_by').where('id', '=', questionId).executeTakeFirstOrThrow();
  expect(row.answered_by).toBe(`api:${northwind.split('.')[0]}`);
  expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ error: 'This question has already been answered.' });
});
