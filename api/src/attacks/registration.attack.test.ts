// Opening the victim's account before she does: the attacker registers her address with a password
// of his choosing; she registers herself and opens the older of the two e-mails.
import { CookieJar, FRONT_END, createTestApp, outbox, registrationLink, request, signIn, startRegistration, followRegistrationLink } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { recordAttack } from '../test/attack-figures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VICTIM = 'starter1@example.com';

it('the registration link sets the password of whoever opens it; a newer registration voids the older link', async () => {
  // The attacker's registration: he may post a password; none is kept.
  const attacker = await startRegistration(t.app, new CookieJar(), { email: VICTIM, password: 'the-attackers-password' });
  const attackersLink = await registrationLink(t.app, VICTIM);
  // The victim registers herself: the older e-mail's link is the attacker's.
  await startRegistration(t.app, new CookieJar(), { email: VICTIM, password: 'unused' });
  const [newest, older] = await outbox(t.app, VICTIM);
  const olderOpened = await request(t.app, new CookieJar(), { url: attackersLink, headers: { accept: 'text/html' } });
  // She opens the newer one and chooses her password there.
  const jar = new CookieJar();
  const { location } = await followRegistrationLink(t.app, jar, VICTIM, 'the-victims-own-password');
  const attackerSignsIn = await signIn(t.app, VICTIM, 'the-attackers-password').then(
    () => true,
    () => false,
  );
  const stored = JSON.stringify(await t.database.db.selectFrom('pending_registrations').selectAll().execute());
  const held = olderOpened.statusCode === 400 && Boolean(location?.startsWith(FRONT_END)) && !attackerSignsIn && !/argon2id|scrypt/.test(stored);
  recordAttack({
    hole: 'account opened before its owner',
    attack:
      'Register starter1@example.com with a chosen password; the owner registers too and opens the older e-mail, then the newer one; the attacker signs in with his password',
    outcome: `form ${attacker.statusCode}; older link ${olderOpened.statusCode}; the owner chose the password on the newer link's page; attacker's password signs in: ${attackerSignsIn}`,
    held,
  });
  expect(olderOpened.statusCode).toBe(400);
  expect(older!.body).toMatch(/Asked for on \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d from /);
  expect(newest!.body).toContain('Any earlier link we sent for this address no longer works.');
  expect(location?.startsWith(FRONT_END)).toBe(true);
  expect(attackerSignsIn).toBe(false);
  expect(stored).not.toMatch(/argon2id|scrypt/);
});
