// The sign-in history in Settings: every attempt on a known account (signed in, wrong password,
// second step failed, with the second step used), its browser and address, newest first, for 90
// days; older ones are deleted as new ones are written. Nothing is written for an unknown address.
import { CookieJar, DEMO, api, createTestApp, register, signIn, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { freshCode, passwordStep } from '../test/second-step';
import { turnOnTwoStep } from '../test/account-security';
import { formFields } from '../test/helpers';
import { postForm } from '../test/forms';
import { recordSignInAttempt } from './sign-in-history';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
});
afterAll(() => t.close());

type Event = { id: string; at: string; result: string; method: string; secondStep: string | null; browser: string; system: string; ipAddress: string | null };

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PASSWORD = 'a-long-enough-password';
let people = 0;
async function newPerson(): Promise<SignedIn> {
  people += 1;
  return register(t.app, { email: `history.${people}@example.com`, password: PASSWORD });
}
const history = async (user: SignedIn) => {
  const res = await api(t.app, user, 'GET', `/api/users/${user.sub}/sign-ins`);
  expect(res.statusCode).toBe(200);
  return unwrap<Event[]>(res).data;
};

describe('the sign-in history', () => {
  it('records each attempt, newest first, with its browser, address and the second step used', async () => {
    const person = await newPerson();
    const browser = () => new CookieJar({ userAgent: FIREFOX_ON_LINUX, remoteAddress: '203.0.113.44' });
    await expect(signIn(t.app, person.email, 'not-the-password', browser())).rejects.toThrow();
    await signIn(t.app, person.email, PASSWORD, browser());
    await turnOnTwoStep(t.app, person);
    // A wrong code, then a right one, in one sign-in.
    const jar = browser();
    const page = await passwordStep(t.app, jar, person.email, PASSWORD);
    const form = formFields(page.body);
    expect((await postForm(t.app, jar, form.action, { ...form.fields, code: '000000' })).statusCode).toBe(401);
    expect((await postForm(t.app, jar, form.action, { ...form.fields, code: await freshCode(t.app, person.email) })).statusCode).toBe(302);

    const events = await history(person);
    expect(events.map((e) => [e.result, e.method, e.secondStep])).toEqual([
      ['signed-in', 'password', 'authenticator'],
      ['second-step-failed', 'password', 'authenticator'],
      ['signed-in', 'password', null],
      ['wrong-password', 'password', null],
    ]);
    for (const e of events) expect(e).toMatchObject({ browser: 'Firefox 133', system: 'Linux', ipAddress: '203.0.113.44' });
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort().reverse());
  });

  it('writes nothing for an address with no account', async () => {
    const before = await t.database.db
      .selectFrom('sign_in_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expect(signIn(t.app, 'nobody.here@example.com', PASSWORD, new CookieJar())).rejects.toThrow();
    const after = await t.database.db
      .selectFrom('sign_in_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps 90 days: older attempts are deleted when the next is written, and never shown', async () => {
    const person = await newPerson();
    const old = (days: number) => ({
      id: `sie_old_${people}_${days}`,
      user_id: person.sub,
      at: new Date(Date.now() - days * 24 * 60 * 60_000).toISOString(),
      result: 'signed-in',
      method: 'password',
      second_step: null,
      user_agent: null,
      ip_address: null,
    });
    await t.database.db
      .insertInto('sign_in_events')
      .values([old(91), old(89)])
      .execute();
    await recordSignInAttempt(t.database.db, { userId: DEMO.sam.id, result: 'signed-in', method: 'password', origin: { userAgent: null, ipAddress: null } });
    const kept = await t.database.db.selectFrom('sign_in_events').select('id').where('user_id', '=', person.sub).execute();
    expect(kept.map((r) => r.id)).toEqual([`sie_old_${people}_89`]);
    const shown = await history(person);
    expect(shown.map((e) => e.id)).toContain(`sie_old_${people}_89`);
    expect(shown.find((e) => e.id === `sie_old_${people}_89`)).toMatchObject({ browser: 'Unknown browser', system: 'Unknown system', ipAddress: null });
  });

  it('is only one’s own: another user’s history answers 403', async () => {
    const person = await newPerson();
    const res = await api(t.app, person, 'GET', `/api/users/${DEMO.sam.id}/sign-ins`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('signed-in');
  });
});
