// Notices to an unproven address: with a session, PATCH /api/users/{id} sets the notification
// e-mail to the attacker's inbox; the next "Your new payslip is ready" must not go there.
import { DEMO, api, createTestApp, signInAlex, unwrap } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { queueNotices } from '../notifications/notice-repository';
import { recordAttack } from '../test/attack-figures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a notification address nobody proved receives no notice', async () => {
  const alex = await signInAlex(t.app);
  const patch = await api(t.app, alex, 'PATCH', `/api/users/${alex.sub}`, { email: 'collector@evil.example' });
  const employment = await t.database.db.selectFrom('employments').select('id').where('user_id', '=', alex.sub).executeTakeFirstOrThrow();
  await queueNotices(t.database.db, [{ kind: 'payslip', source: 'payslip:attack-probe', employmentId: employment.id, payDate: '2026-11-27' }]);
  const queued = await t.database.db
    .selectFrom('notification_queue')
    .select('recipient')
    .where('source', '=', 'payslip:attack-probe')
    .where('channel', '=', 'email')
    .execute();
  const recipients = queued.map((r) => r.recipient);
  const held = !recipients.includes('collector@evil.example') && recipients.includes(DEMO.alex.email);
  recordAttack({
    hole: 'notices to an unproven address',
    attack: 'With a session, PATCH /api/users/{id} {"email":"collector@evil.example"}, then a payslip is published',
    outcome: `${patch.statusCode}, answer keeps ${String(unwrap<{ email: string }>(patch).data.email)}; the notice went to ${recipients.join(', ')}`,
    held,
  });
  expect(recipients).toEqual([DEMO.alex.email]);
});
