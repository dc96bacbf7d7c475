// Account alerts: an e-mail, through the messages outbox, when a browser the account has not signed
// in from before signs in (known by a long-lived __Host- cookie kept hashed), and whenever the
// password (every way of setting one), the sign-in address (to the new address; the old one gets its
// undo link), the phone number or the second step changes. Queued with the change, sent once.
import pino from 'pino';
import { CLIENT_ID, CookieJar, DEMO_PASSWORD, api, createTestApp, outbox, register, signIn } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { turnOnTwoStep, twoStepPath } from '../test/account-security';
import { DEVICE_COOKIE } from '../http/cookies';
import { AccountAlertSender, queueAccountAlert } from './account-alerts';
import { MessageService, OutboxTransport } from '../messages/transport';
import { setNewPassword } from './new-password';
import { hashPassword } from '../auth/passwords';
import welsh from './messages/cy.json';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
});
afterAll(() => t.close());

const PASSWORD = 'a-long-enough-password';
let people = 0;
async function newPerson(): Promise<SignedIn> {
  people += 1;
  return register(t.app, { email: `alerted.${people}@example.com`, password: PASSWORD });
}
const subjects = async (email: string) => (await outbox(t.app, email)).map((m) => m.subject);
const NEW_SIGN_IN = 'New sign-in to your pay portal account';
const EDGE_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

describe('a sign-in from a new browser', () => {
  it('is e-mailed to the owner, naming the browser and address; the same browser again is not', async () => {
    const person = await newPerson(); // the registration's browser is the account's first
    expect(await subjects(person.email)).not.toContain(NEW_SIGN_IN);
    await signIn(t.app, person.email, PASSWORD); // the same browser again
    expect(await subjects(person.email)).not.toContain(NEW_SIGN_IN);

    const elsewhere = new CookieJar({ userAgent: EDGE_ON_WINDOWS, remoteAddress: '203.0.113.99' });
    await signIn(t.app, person.email, PASSWORD, elsewhere);
    const [alert] = await outbox(t.app, person.email);
    expect(alert).toMatchObject({ subject: NEW_SIGN_IN, to: person.email });
    expect(alert!.body).toContain('Microsoft Edge 131 on Windows 10, from the address 203.0.113.99');
    expect(alert!.body).toContain('/support');

    // That browser is known from now on.
    await signIn(t.app, person.email, PASSWORD, elsewhere);
    expect((await subjects(person.email)).filter((s) => s === NEW_SIGN_IN)).toHaveLength(1);
  });

  it('knows a browser by a __Host- HttpOnly cookie holding a random id, stored only as a hash', async () => {
    const person = await newPerson();
    const jar = new CookieJar();
    await signIn(t.app, person.email, PASSWORD, jar);
    const id = jar.get(DEVICE_COOKIE)!;
    expect(id).toMatch(/^[\w-]{43}$/);
    const rows = await t.database.db.selectFrom('known_devices').select('device_hash').where('user_id', '=', person.sub).execute();
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.map((r) => r.device_hash)).not.toContain(id);
    // The Set-Cookie of the callback.
    const again = new CookieJar();
    again.cookies.set(DEVICE_COOKIE, id);
    const seen: string[] = [];
    const original = t.app.inject.bind(t.app);
    const inject = (async (options: never) => {
      const res = await original(options);
      for (const header of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) if (header.startsWith(`${DEVICE_COOKIE}=`)) seen.push(header);
      return res;
    }) as unknown as typeof t.app.inject;
    await signIn(Object.assign(Object.create(t.app) as typeof t.app, { inject }), person.email, PASSWORD, again);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/; Max-Age=\d+/);
    expect(seen[0]).toContain('; Path=/');
    expect(seen[0]).toContain('; HttpOnly');
    expect(seen[0]).toContain('; Secure');
    expect(seen[0]).not.toContain('Domain=');
    expect(again.get(DEVICE_COOKIE)).toBe(id);
    // Alerted once, for the first sign-in from `jar`; its cookie sent again is that browser.
    expect((await subjects(person.email)).filter((s) => s === NEW_SIGN_IN)).toHaveLength(1);
  });
});

describe('a change to the account', () => {
  it('e-mails a password change from the account page', async () => {
    const person = await newPerson();
    const { action, fields } = await openForm(t.app, person.jar, `/account/?client_id=${CLIENT_ID}`);
    const res = await postForm(t.app, person.jar, action, {
      ...fields,
      currentPassword: PASSWORD,
      newPassword: 'another-long-password',
      confirmPassword: 'another-long-password',
    });
    expect(res.statusCode).toBe(200);
    const [alert] = await outbox(t.app, person.email);
    expect(alert!.subject).toBe('Your pay portal password has been changed');
    expect(alert!.body).toContain('If it was not you, reset your password now');
  });

  it('is queued by whatever sets a password, in its transaction: rolled back, nothing is sent', async () => {
    const person = await newPerson();
    const hash = await hashPassword('a-third-long-password', t.config.passwordCost);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await setNewPassword(trx, person.sub, hash);
        throw new Error('the change failed after the password');
      }),
    ).rejects.toThrow('the change failed');
    const queued = () => t.database.db.selectFrom('account_alerts').select('id').where('user_id', '=', person.sub).where('kind', '=', 'password').execute();
    expect(await queued()).toHaveLength(0);
    await t.database.db.transaction().execute((trx) => setNewPassword(trx, person.sub, hash));
    expect(await queued()).toHaveLength(1);
  });

  it('e-mails a new phone number (its last digits only), and not a change of name', async () => {
    const person = await newPerson();
    expect((await api(t.app, person, 'PATCH', `/api/user/${person.sub}`, { user: { firstName: 'Robin' } })).statusCode).toBe(200);
    expect(await subjects(person.email)).not.toContain('Your pay portal phone number has been changed');
    expect((await api(t.app, person, 'PATCH', `/api/user/${person.sub}`, { user: { mobilePhone: '07700 900987' } })).statusCode).toBe(200);
    const [alert] = await outbox(t.app, person.email);
    expect(alert!.subject).toBe('Your pay portal phone number has been changed');
    expect(alert!.body).toContain('ending 987');
    expect(alert!.body).not.toContain('900987');
  });

  it('e-mails a new sign-in address at the new address, and the old address gets its undo link', async () => {
    const person = await newPerson();
    const next = `moved.${people}@example.com`;
    await api(t.app, person, 'PATCH', `/api/user/${person.sub}`, { user: { email: next }, currentPassword: PASSWORD });
    const link = (await outbox(t.app, next)).find((m) => m.link?.includes('/account/confirm-email'))!.link!;
    const url = new URL(link);
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, `${url.pathname}${url.search}`);
    expect((await postForm(t.app, jar, form.action, form.fields)).statusCode).toBe(200);
    const [toNew] = await outbox(t.app, next);
    expect(toNew!.subject).toBe('Your pay portal sign-in email address has been changed');
    expect(toNew!.body).toContain(`now signs in with ${next} instead of ${person.email}`);
    expect(await subjects(person.email)).toContain('Your pay portal email address has been changed');
  });

  it('e-mails two-step sign-in turned on and off', async () => {
    const person = await newPerson();
    await turnOnTwoStep(t.app, person);
    expect((await outbox(t.app, person.email))[0]!.subject).toBe('Two-step sign-in is on for your pay portal account');
    await api(t.app, person, 'POST', twoStepPath(person, 'turn-off'), { password: PASSWORD });
    expect((await outbox(t.app, person.email))[0]!.subject).toBe('Two-step sign-in is off for your pay portal account');
  });
});

describe('an alert in Welsh', () => {
  it('is written in the language the account chose, its date and time too', async () => {
    const person = await newPerson();
    expect((await api(t.app, person, 'PATCH', `/api/users/${person.sub}`, { language: 'cy' })).statusCode).toBe(200);
    await turnOnTwoStep(t.app, person);
    const [alert] = await outbox(t.app, person.email);
    expect(alert!.subject).toBe(welsh.twoStepOnSubject);
    expect(alert!.body.startsWith(`${welsh.twoStepOnWhat}\n\n`)).toBe(true);
    // The day in Welsh ('dydd Sul 29 Tachwedd 2026'), no English left.
    expect(alert!.body).toMatch(/(Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}/);
    expect(alert!.body).not.toMatch(/ the | your |UK time/i);
    expect(alert!.body).toContain('/support');
  });
});

describe('a new sign-in in Welsh', () => {
  it('names the browser and system in Welsh words', async () => {
    const person = await newPerson();
    expect((await api(t.app, person, 'PATCH', `/api/users/${person.sub}`, { language: 'cy' })).statusCode).toBe(200);
    await signIn(t.app, person.email, PASSWORD, new CookieJar({ userAgent: EDGE_ON_WINDOWS, remoteAddress: '203.0.113.98' }));
    const [alert] = await outbox(t.app, person.email);
    expect(alert!.subject).toBe(welsh.newDeviceSubject);
    expect(alert!.body).toContain('Microsoft Edge 131 ar Windows 10');
    expect(alert!.body).toContain('203.0.113.98');
    await signIn(t.app, person.email, PASSWORD, new CookieJar({ userAgent: '', remoteAddress: '203.0.113.97' }));
    expect((await outbox(t.app, person.email))[0]!.body).toContain('Porwr anhysbys ar System anhysbys');
  });
});

describe('the sender', () => {
  it('sends each queued alert once, however many senders (API instances) run at once', async () => {
    const email = `sent.once.${++people}@example.com`;
    const person = await register(t.app, { email, password: DEMO_PASSWORD });
    await queueAccountAlert(t.database.db, person.sub, 'recovery-codes');
    const log = pino({ level: 'silent' });
    const outboxOnly = new OutboxTransport(t.database.db, log);
    const senders = Array.from({ length: 5 }, () => new AccountAlertSender(t.database.db, new MessageService(outboxOnly, outboxOnly, log), '', log));
    const sent = await Promise.all(senders.map((s) => s.sendQueued()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await subjects(email)).filter((s) => s === 'New recovery codes for your pay portal account')).toHaveLength(1);
  });
});
