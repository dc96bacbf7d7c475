// A session alone tried to take the account through a new sign-in address: the thief asks for the
// change without the password; and, were a change asked for, the owner's password reset (which the
// warning e-mail tells them to do) must leave the thief's confirmation link dead.
import { CookieJar, FRONT_END, createTestApp, outbox, register, request, signIn } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { recordAttack } from '../test/attack-figures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const THIEF = 'thief@evil.example';
const OWNER_PASSWORD = 'the-owners-password-1';

const path = (link: string) => {
  const url = new URL(link, FRONT_END);
  return `${url.pathname}${url.search}`;
};
const linkIn = async (to: string, part: string) => (await outbox(t.app, to)).find((m) => m.link?.includes(part))?.link ?? null;

it('a stolen session cannot move the sign-in address, and a reset by the owner kills a change already asked for', async () => {
  const owner = await register(t.app, { email: 'owner@example.com', password: OWNER_PASSWORD });
  // The thief holds a session (the owner's cookie) and asks for the change without the password.
  const thief = { ...owner, jar: new CookieJar() };
  for (const [k, v] of owner.jar.cookies) thief.jar.cookies.set(k, v);
  const patch = await t.app.inject({
    method: 'PATCH',
    url: `/api/user/${owner.sub}`,
    payload: { user: { email: THIEF } },
    headers: { cookie: thief.jar.header(), origin: FRONT_END },
  });
  const mailedWithoutPassword = await linkIn(THIEF, '/account/confirm-email');

  // Had the thief known the password too: the change is asked for, the owner is warned and resets.
  await t.app.inject({
    method: 'PATCH',
    url: `/api/user/${owner.sub}`,
    payload: { user: { email: THIEF }, currentPassword: OWNER_PASSWORD },
    headers: { cookie: thief.jar.header(), origin: FRONT_END },
  });
  const confirmLink = await linkIn(THIEF, '/account/confirm-email');
  const jar = new CookieJar();
  const forgot = await openForm(t.app, jar, '/account/forgot-password?client_id=portal-web');
  await postForm(t.app, jar, forgot.action, { ...forgot.fields, email: owner.email });
  const reset = await openForm(t.app, jar, path((await linkIn(owner.email, '/account/reset-password'))!));
  await postForm(t.app, jar, reset.action, { ...reset.fields, newPassword: 'the-owners-new-password', confirmPassword: 'the-owners-new-password' });

  // The thief, with no session, opens the link from their inbox.
  const opened = confirmLink ? await request(t.app, new CookieJar(), { url: path(confirmLink), headers: { accept: 'text/html' } }) : null;
  const ownerSignsIn = await signIn(t.app, owner.email, 'the-owners-new-password').then(
    () => true,
    () => false,
  );
  const held = patch.statusCode === 400 && mailedWithoutPassword === null && opened?.statusCode === 400 && ownerSignsIn;
  recordAttack({
    hole: 'e-mail change outliving a password reset',
    attack:
      'With the owner’s session, PATCH /api/user/{sub} to thief@evil.example without the password; then (password known) again, the owner resets the password, the thief opens the link from their inbox',
    outcome: `${patch.statusCode} without the password, no link sent; the link asked for with it answers ${opened?.statusCode} after the reset; the owner still signs in with the old address`,
    held,
  });
  expect(patch.statusCode).toBe(400);
  expect(mailedWithoutPassword).toBeNull();
  expect(opened?.statusCode).toBe(400);
  expect(ownerSignsIn).toBe(true);
});

it('a change the owner did not make is undone from the old address, and the thief’s password and reset links die with it', async () => {
  const owner = await register(t.app, { email: 'owner2@example.com', password: OWNER_PASSWORD });
  await t.app.inject({
    method: 'PATCH',
    url: `/api/user/${owner.sub}`,
    payload: { user: { email: 'thief2@evil.example' }, currentPassword: OWNER_PASSWORD },
    headers: { cookie: owner.jar.header(), origin: FRONT_END },
  });
  const jar = new CookieJar();
  const confirm = await openForm(t.app, jar, path((await linkIn('thief2@evil.example', '/account/confirm-email'))!));
  await postForm(t.app, jar, confirm.action, confirm.fields);
  // The thief resets the password through the new address and keeps a second reset link.
  const forgot = await openForm(t.app, jar, '/account/forgot-password?client_id=portal-web');
  await postForm(t.app, jar, forgot.action, { ...forgot.fields, email: 'thief2@evil.example' });
  const reset = await openForm(t.app, jar, path((await linkIn('thief2@evil.example', '/account/reset-password'))!));
  await postForm(t.app, jar, reset.action, { ...reset.fields, newPassword: 'the-thiefs-password-1', confirmPassword: 'the-thiefs-password-1' });
  const thiefSession = await signIn(t.app, 'thief2@evil.example', 'the-thiefs-password-1');
  await postForm(t.app, jar, forgot.action, { ...forgot.fields, email: 'thief2@evil.example' });
  const spareReset = path((await linkIn('thief2@evil.example', '/account/reset-password'))!);

  // The old address was told, with the undo link.
  const undoLink = await linkIn(owner.email, '/account/undo-email-change');
  const ownerJar = new CookieJar();
  const undo = await openForm(t.app, ownerJar, path(undoLink!));
  const undone = await postForm(t.app, ownerJar, undo.action, { ...undo.fields, newPassword: 'the-owner-is-back-99', confirmPassword: 'the-owner-is-back-99' });
  const thiefStillIn = (await t.app.inject({ url: `/api/user/${owner.sub}`, headers: { cookie: thiefSession.jar.header() } })).statusCode;
  const spare = (await request(t.app, new CookieJar(), { url: spareReset, headers: { accept: 'text/html' } })).statusCode;
  const thiefSignsIn = await signIn(t.app, owner.email, 'the-thiefs-password-1').then(
    () => true,
    () => false,
  );
  const held = undone.statusCode === 200 && thiefStillIn === 401 && spare === 400 && !thiefSignsIn;
  recordAttack({
    hole: 'e-mail change outliving a password reset',
    attack:
      'Thief confirms the change, resets the password through the new address and keeps a spare reset link; the owner opens the undo link sent to the old address',
    outcome: `undo ${undone.statusCode}; thief's session ${thiefStillIn}, spare reset link ${spare}, thief's password signs in: ${thiefSignsIn}`,
    held,
  });
  expect(undone.statusCode).toBe(200);
  expect(thiefStillIn).toBe(401);
  expect(spare).toBe(400);
  expect(thiefSignsIn).toBe(false);
});
