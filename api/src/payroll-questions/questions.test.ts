// The employee's question routes over HTTP on the test database: only one's own payslips (another
// user's payslip id: 404), at most 1,000 characters, and ten a day for 300 posts at once.
import { DEMO, FRONT_END, api, liveTestApp, signInAlex, signInSam, unwrap } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import type { PayrollQuestionDto } from '@portal/shared/wire/payroll-questions';
import { QUESTIONS_PER_DAY } from './repository';

const live = liveTestApp({ logLevel: 'warn' });
let alex: SignedIn;
let sam: SignedIn;
beforeAll(async () => {
  alex = await signInAlex(live.t.app);
  sam = await signInSam(live.t.app);
}, 60_000);

const payslipOf = async (employmentId: string) =>
  (await live.t.database.db.selectFrom('payslips').select('id').where('employment_id', '=', employmentId).orderBy('pay_date', 'desc').executeTakeFirstOrThrow())
    .id;
const url = (userId: string, payslipId: string) => `/api/users/${userId}/payslips/${payslipId}/questions`;
const body = (question: string) => ({ lineName: 'Income Tax', linePence: 41_260, question });

it('asks about a line of the user’s own payslip and lists it unanswered beside the payslip', async () => {
  const payslipId = await payslipOf(DEMO.employments.alexNorthwind);
  const asked = await api(live.t.app, alex, 'POST', url(DEMO.alex.id, payslipId), body('  Why did my tax go up?  '));
  expect(asked.statusCode).toBe(200);
  expect(unwrap<PayrollQuestionDto>(asked).data).toMatchObject({ lineName: 'Income Tax', linePence: 41_260, question: 'Why did my tax go up?', answer: null });
  const listed = unwrap<PayrollQuestionDto[]>(await api(live.t.app, alex, 'GET', url(DEMO.alex.id, payslipId))).data;
  expect(listed.map((q) => q.question)).toEqual(['Why did my tax go up?']);
});

it("answers another user's payslip id as not found", async () => {
  const alexs = await payslipOf(DEMO.employments.alexNorthwind);
  const res = await api(live.t.app, sam, 'POST', url(DEMO.sam.id, alexs), body('Whose is this?'));
  expect(res.statusCode).toBe(404);
  expect(unwrap<PayrollQuestionDto[]>(await api(live.t.app, sam, 'GET', url(DEMO.sam.id, alexs))).data).toEqual([]);
});

it('refuses a question over 1,000 characters, and an empty one, with a clear error', async () => {
  const payslipId = await payslipOf(DEMO.employments.alexNorthwind);
  const long = await api(live.t.app, alex, 'POST', url(DEMO.alex.id, payslipId), body('a'.repeat(1001)));
  expect(long.statusCode).toBe(400);
  expect(long.json<{ error: string; code: string }>()).toMatchObject({ error: 'Your question must be 1,000 characters or fewer', code: 'question.too_long' });
  expect((await api(live.t.app, alex, 'POST', url(DEMO.alex.id, payslipId), body('a'.repeat(1000)))).statusCode).toBe(200);
  const empty = await api(live.t.app, alex, 'POST', url(DEMO.alex.id, payslipId), body('   '));
  expect(empty.json<{ error: string }>().error).toBe('Enter your question');
});

it(`keeps to ${QUESTIONS_PER_DAY} questions a day for 300 posts at once`, async () => {
  const payslipId = await payslipOf(DEMO.employments.samBrightwater);
  const post = {
    method: 'POST',
    path: url(DEMO.sam.id, payslipId),
    headers: { cookie: sam.jar.header(), origin: FRONT_END, 'content-type': 'application/json' },
    body: JSON.stringify(body('Why is this line here?')),
  };
  const result = await burst(
    live.server,
    Array.from({ length: 300 }, () => post),
  );
  expect(result.statuses).toEqual({ 200: QUESTIONS_PER_DAY, 429: 300 - QUESTIONS_PER_DAY });
  const stored = await live.t.database.db.selectFrom('payroll_questions').select('id').where('user_id', '=', DEMO.sam.id).execute();
  expect(stored).toHaveLength(QUESTIONS_PER_DAY);
});
