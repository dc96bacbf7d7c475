// `employer-admin`: the first admin of an employer, invited from the API's machine.
import { createTestApp, DEMO, api, outbox, register, unwrap } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { runEmployerAdminCommand } from './admin-command';
import { MessageService, OutboxTransport } from '../messages/transport';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function run(args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const messages = new MessageService(new OutboxTransport(t.database.db, t.app.log), new OutboxTransport(t.database.db, t.app.log), t.app.log);
  const code = await runEmployerAdminCommand(args, t.database.db, messages, 'http://localhost:8080', { out: (l) => lines.push(l), err: (l) => errors.push(l) });
  return { code, lines, errors };
}

it('prints and e-mails a one-time link that makes the invited account an admin', async () => {
  const { code, lines } = await run(['--employer', DEMO.employers.brightwater, '--email', 'First.Admin@brightwater.example']);
  expect(code).toBe(0);
  const link = lines.find((l) => l.startsWith('http'))!;
  expect(link).toMatch(/^http:\/\/localhost:8080\/employer\/accept\?token=[A-Za-z0-9_-]{43}$/);
  expect((await outbox(t.app, 'first.admin@brightwater.example'))[0]!.link).toBe(link);
  const stored = await t.database.db.selectFrom('admin_invitations').select(['token_hash', 'invited_by']).execute();
  expect(stored).toHaveLength(1);
  expect(link).not.toContain(stored[0]!.token_hash);

  const admin = await register(t.app, { email: 'first.admin@brightwater.example', password: 'a-long-password-3' });
  const token = new URL(link).searchParams.get('token')!;
  const accepted = await api(t.app, admin, 'POST', `/api/admin-invitations/${token}`, {});
  expect(unwrap(accepted).data).toEqual({ employer: { id: DEMO.employers.brightwater, name: 'Brightwater Foods plc' } });
  expect((await api(t.app, admin, 'GET', '/app/me/')).json()).toMatchObject({ roles: ['employer-admin'] });
});

it('refuses bad arguments and an unknown employer', async () => {
  expect((await run([])).code).toBe(2);
  expect((await run(['--employer', DEMO.employers.northwind, '--email', 'not-an-address'])).code).toBe(2);
  const unknown = await run(['--employer', 'er_nowhere', '--email', 'a@example.com']);
  expect(unknown).toMatchObject({ code: 1, errors: ["No employer 'er_nowhere'."] });
});
