// The questions' store on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL): only the
// asker's own payslips, ten a day however many are sent at once, and one answer per question, given
// only by the payslip's employer.
import { createTestApp, DEMO } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { answerQuestion, askQuestion, openQuestions, questionsOnPayslip, QUESTIONS_PER_DAY } from './repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
});
afterAll(() => t.close());

const payslipOf = async (employmentId: string) =>
  (await t.database.db.selectFrom('payslips').select('id').where('employment_id', '=', employmentId).orderBy('pay_date', 'desc').executeTakeFirstOrThrow()).id;
const ask = (userId: string, payslipId: string, question = 'Why is my tax higher this month?') =>
  askQuestion(t.database, { userId, payslipId, lineName: 'Income Tax', linePence: 41_260, question });

it("asks about one's own payslip and refuses another user's as not found", async () => {
  const alexs = await payslipOf(DEMO.employments.alexNorthwind);
  const sams = await payslipOf(DEMO.employments.samBrightwater);
  expect(await ask(DEMO.sam.id, alexs)).toEqual({ kind: 'not-found' });
  const asked = await ask(DEMO.alex.id, alexs);
  expect(asked).toMatchObject({ kind: 'asked', question: { lineName: 'Income Tax', linePence: 41_260, answer: null } });
  expect(await questionsOnPayslip(t.database, DEMO.sam.id, alexs)).toEqual([]);
  expect(await questionsOnPayslip(t.database, DEMO.alex.id, alexs)).toHaveLength(1);
  expect(await ask(DEMO.alex.id, sams)).toEqual({ kind: 'not-found' });
});

it('answers once, and only for the payslip’s employer', async () => {
  const payslipId = await payslipOf(DEMO.employments.alexNorthwind);
  const asked = await ask(DEMO.alex.id, payslipId);
  if (asked.kind !== 'asked') throw new Error(asked.kind);
  const id = asked.question.id;
  expect((await openQuestions(t.database, DEMO.employers.brightwater)).map((q) => q.id)).not.toContain(id);
  expect(await answerQuestion(t.database, DEMO.employers.brightwater, id, 'Not ours', 'x')).toEqual({ kind: 'not-found' });
  expect((await openQuestions(t.database, DEMO.employers.northwind)).map((q) => q.id)).toContain(id);
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => answerQuestion(t.database, DEMO.employers.northwind, id, `Answer ${i}`, 'admin')));
  expect(answers.filter((a) => a.kind === 'answered')).toHaveLength(1);
  expect(answers.filter((a) => a.kind === 'already-answered')).toHaveLength(49);
  expect((await openQuestions(t.database, DEMO.employers.northwind)).map((q) => q.id)).not.toContain(id);
  const [shown] = (await questionsOnPayslip(t.database, DEMO.alex.id, payslipId)).filter((q) => q.id === id);
  expect(shown?.answer).toMatch(/^Answer \d+$/);
  const notices = await t.database.db.selectFrom('notification_queue').selectAll().where('source', '=', `question:${id}`).execute();
  expect(notices.map((n) => n.channel)).toEqual(['email']);
});

it(`keeps to ${QUESTIONS_PER_DAY} questions a day for 300 asked at once`, async () => {
  const payslipId = await payslipOf(DEMO.employments.samBrightwater);
  const results = await Promise.all(Array.from({ length: 300 }, () => ask(DEMO.sam.id, payslipId)));
  expect(results.filter((r) => r.kind === 'asked')).toHaveLength(QUESTIONS_PER_DAY);
  expect(results.filter((r) => r.kind === 'limit')).toHaveLength(300 - QUESTIONS_PER_DAY);
});
