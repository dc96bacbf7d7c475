// 300 publishes of the same upload at once, over real HTTP, on SQLite and PostgreSQL: one publishes
// (one pay run, its payslips once, one audit entry); the others answer unchanged, never a 500.
import { DEMO, FRONT_END, liveTestApp, unwrap } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import { signInAsAdmin } from '../test/admins';
import { employmentRecord, payslip } from '../employer-api/test-fixtures';
import type { PayRunPreview } from './pay-run-uploads';

const PARALLEL = 300;
const live = liveTestApp();
let priya: SignedIn;
const NW = `/api/employers/${DEMO.employers.northwind}`;

beforeAll(async () => {
  priya = await signInAsAdmin(live.t, DEMO.priya.email);
}, 60_000);

const db = () => live.t.database.db;
const count = async (table: 'audit_log' | 'employer_pay_runs' | 'payslips', payRunId?: string) => {
  let query = db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'));
  if (table === 'payslips' && payRunId) query = query.where('pay_run_id' as never, '=', payRunId as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

it('publishes an upload once for 300 publishes at once: one pay run, one audit entry; the rest unchanged or 409, never a 500', async () => {
  const file = JSON.stringify({
    employments: [{ employmentId: 'NW-BURST', ...employmentRecord() }],
    payRun: { payRunId: 'CON-BURST', payslips: Array.from({ length: 50 }, (_, i) => payslip(`CON-BURST-${i}`, 'NW-BURST')) },
  });
  const headers = { cookie: priya.jar.header(), origin: FRONT_END, 'content-type': 'application/json' };
  const previewed = await live.server.send({ method: 'POST', path: `${NW}/pay-runs/preview`, headers, body: file });
  expect(previewed.status).toBe(200);
  const { uploadId, publishable } = (JSON.parse(JSON.parse(previewed.body).data) as { data: PayRunPreview }).data;
  expect(publishable).toBe(true);
  const before = { runs: await count('employer_pay_runs'), audit: await count('audit_log') };

  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => ({ method: 'POST', path: `${NW}/pay-runs/publish`, headers, body: JSON.stringify({ uploadId }) })),
  );
  expect(Object.keys(result.statuses).every((status) => status === '200' || status === '409')).toBe(true);
  const answers = result.answers
    .filter((a) => a.status === 200)
    .map((a) => unwrap<{ unchanged: boolean; payslips: number }>({ json: () => JSON.parse(a.body), body: a.body } as never).data);
  expect(answers.filter((a) => !a.unchanged)).toHaveLength(1);
  expect(answers.every((a) => a.payslips === 50)).toBe(true);
  expect(await count('employer_pay_runs')).toBe(before.runs + 1);
  expect(await count('payslips', 'CON-BURST')).toBe(50);
  expect(await count('audit_log')).toBe(before.audit + 1);
}, 120_000);
