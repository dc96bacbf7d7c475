// A new sign-in email address: PATCH /api/user/{sub} asks for the current password, keeps the
// current address and sends a link to the new one; the old address signs in until the link is
// opened; the link works once, for 30 minutes, stored hashed; the current address is told, and once
// the change completes it gets a link that puts the address back (once, for 14 days). A new
// password cancels every waiting change.
import { CookieJar, api, createTestApp, outbox, register, request, signIn } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { sha256 } from '../secrets';
import welsh from './messages/cy.json';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let people = 0;
async function newPerson(): Promise<Person> {
  people += 1;
  const password = `email-change-password-${people}`;
  const user = await register(t.app, { email: `mover.${people}@example.com`, password });
  return { ...user, password };
}

type Person = SignedIn & { password: string };

const changeEmail = (user: Person, email: string, currentPassword: string | undefined = user.password) =>
  api(t.app, user, 'PATCH', `/api/user/${user.sub}`, { user: { email }, ...(currentPassword === undefined ? {} : { currentPassword }) });

/** The path and query of the newest confirmation link sent to the address. */
async function confirmLink(email: string): Promise<string> {
  const link = (await outbox(t.app, email)).find((m) => m.link?.includes('/account/confirm-email'))?.link;
  if (!link) throw new Error(`no confirmation link in the outbox for ${email}`);
  const url = new URL(link, 'http://relative.invalid');
  return `${url.pathname}${url.search}`;
}

/** The path and query of the newest link of `kind` sent to the address. */
async function linkTo(email: string, path: string): Promise<string> {
  const link = (await outbox(t.app, email)).find((m) => m.link?.includes(path))?.link;
  if (!link) throw new Error(`no ${path} link in the outbox for ${email}`);
  const url = new URL(link, 'http://relative.invalid');
  return `${url.pathname}${url.search}`;
}

/** Opens the undo link and chooses the new password. */
async function undo(link: string, newPassword: string) {
  const jar = new CookieJar();
  const form = await openForm(t.app, jar, link);
  return postForm(t.app, jar, form.action, { ...form.fields, newPassword, confirmPassword: newPassword });
}

/** Opens the link and presses its button. */
async function confirm(link: string) {
  const jar = new CookieJar();
  const form = await openForm(t.app, jar, link);
  return postForm(t.app, jar, form.action, form.fields);
}

const signsIn = (email: string, password: string) =>
  signIn(t.app, email, password).then(
    () => true,
    () => false,
  );

describe('changing the sign-in email address', () => {
  it('keeps the current address until the link sent to the new one is opened, then moves both the sign-in and the record', async () => {
    const person = await newPerson();
    const res = await changeEmail(person, 'Mover.New@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(person.email);

    const [toNew] = await outbox(t.app, 'mover.new@example.com');
    expect(toNew).toMatchObject({
      subject: 'Confirm your new pay portal email address',
      link: expect.stringMatching(/^http:\/\/localhost:8080\/account\/confirm-email\?token=[\w-]{43}$/),
    });
    const [toOld] = await outbox(t.app, person.email);
    expect(toOld).toMatchObject({ subject: 'Your pay portal email address is about to change', link: null });
    expect(toOld!.body).toContain('mover.new@example.com');

    // Until the link is opened, the old address signs in and the new one does not.
    expect(await signsIn(person.email, person.password)).toBe(true);
    expect(await signsIn('mover.new@example.com', person.password)).toBe(false);

    const link = await confirmLink('mover.new@example.com');
    const page = await request(t.app, new CookieJar(), { url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Confirm your new email address</h1>');
    expect(page.body).toContain('<strong>mover.new@example.com</strong>');
    // Opening the link alone changes nothing (a mail scanner opens links).
    expect(await signsIn(person.email, person.password)).toBe(true);

    const done = await confirm(link);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Your email address has been changed</h1>');
    expect(await signsIn('mover.new@example.com', person.password)).toBe(true);
    expect(await signsIn(person.email, person.password)).toBe(false);
    expect((await api(t.app, person, 'GET', `/api/user/${person.sub}`)).json().user.email).toBe('mover.new@example.com');
    const record = JSON.parse((await api(t.app, person, 'GET', '/api/users/authorised')).json<{ data: string }>().data) as { data: { email: string }[] };
    expect(record.data[0]!.email).toBe('mover.new@example.com');

    // The link works once.
    expect((await request(t.app, new CookieJar(), { url: link, headers: { accept: 'text/html' } })).statusCode).toBe(400);
  });

  it('stores the token only hashed, for 30 minutes, and refuses the link after that', async () => {
    const person = await newPerson();
    await changeEmail(person, 'slow.mover@example.com');
    const link = await confirmLink('slow.mover@example.com');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const rows = await t.database.db.selectFrom('email_changes').selectAll().where('user_id', '=', person.sub).execute();
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime()).toBe(30 * 60_000);

    const jar = new CookieJar();
    const form = await openForm(t.app, jar, link);
    await t.database.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', person.sub)
      .execute();
    const late = await postForm(t.app, jar, form.action, form.fields);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('<h1>This link has expired</h1>');
    expect(await signsIn(person.email, person.password)).toBe(true);
  });

  it('moves the address once when the link is used 300 times at once', async () => {
    const person = await newPerson();
    await changeEmail(person, 'busy.mover@example.com');
    const link = await confirmLink('busy.mover@example.com');
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, link);
    const answers = await Promise.all(Array.from({ length: 300 }, () => postForm(t.app, jar, form.action, form.fields)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(299);
  });

  it('does not move the address when another account has taken it meanwhile', async () => {
    const person = await newPerson();
    await changeEmail(person, 'contested@example.com');
    const link = await confirmLink('contested@example.com');
    await register(t.app, { email: 'contested@example.com', password: 'someone-else-password' });
    const res = await confirm(link);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('<h1>Your email address was not changed</h1>');
    expect(await signsIn(person.email, person.password)).toBe(true);
  });

  it('sends nothing for the same address, refuses one another account uses, and answers at most 5 changes an hour (a refused one counts)', async () => {
    const person = await newPerson();
    const before = (await outbox(t.app)).length;
    expect((await changeEmail(person, person.email.toUpperCase())).statusCode).toBe(200);
    expect((await outbox(t.app)).length).toBe(before);
    const other = await newPerson();
    // A 409 tells whether the address has an account: it takes one of the 5 (email-change.concurrency.test.ts).
    expect((await changeEmail(person, other.email)).statusCode).toBe(409);

    for (let i = 0; i < 4; i++) expect((await changeEmail(person, `hop.${i}@example.com`)).statusCode).toBe(200);
    const refused = await changeEmail(person, 'hop.5@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      error: expect.stringMatching(/^Too many email address changes have been asked for\. Wait \d+ minutes?, then try again\.$/),
      code: 'profile.too_many_email_changes',
      data: null,
    });
    expect(await outbox(t.app, 'hop.5@example.com')).toEqual([]);
  });

  it('refuses the confirm form posted from another site', async () => {
    const person = await newPerson();
    await changeEmail(person, 'csrf.mover@example.com');
    const link = await confirmLink('csrf.mover@example.com');
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, link);
    expect((await postForm(t.app, jar, form.action, form.fields, { origin: 'https://attacker.example' })).statusCode).toBe(403);
    expect(await signsIn(person.email, person.password)).toBe(true);
  });
});

describe('the current password', () => {
  it('is asked for a new address: missing or wrong, the answer is 400 on that field and nothing of the patch changes', async () => {
    const person = await newPerson();
    const patch = (currentPassword?: string) =>
      api(t.app, person, 'PATCH', `/api/user/${person.sub}`, { user: { email: 'no.password@example.com', firstName: 'Changed' }, currentPassword });
    expect((await patch()).json()).toEqual({
      status: 400,
      error: 'Enter your current password to change your email address',
      code: 'password.current_missing',
      data: null,
    });
    const wrong = await patch('not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 400, error: 'Your current password is not right', code: 'password.current_not_right', data: null });
    expect(await outbox(t.app, 'no.password@example.com')).toEqual([]);
    expect((await api(t.app, person, 'GET', `/api/user/${person.sub}`)).json().user.firstName).toBe('Jamie');
    expect((await patch(person.password)).statusCode).toBe(200);
    expect(await outbox(t.app, 'no.password@example.com')).toHaveLength(1);
  });

  it('is not asked for the other fields, nor for the same address', async () => {
    const person = await newPerson();
    expect((await api(t.app, person, 'PATCH', `/api/user/${person.sub}`, { user: { firstName: 'Free', email: person.email } })).statusCode).toBe(200);
  });
});

describe('a new password', () => {
  it('cancels the waiting change when set by a reset link', async () => {
    const person = await newPerson();
    await changeEmail(person, 'cancelled.by.reset@example.com');
    const link = await confirmLink('cancelled.by.reset@example.com');
    const jar = new CookieJar();
    const forgot = await openForm(t.app, jar, `/account/forgot-password?client_id=portal-web`);
    await postForm(t.app, jar, forgot.action, { ...forgot.fields, email: person.email });
    const reset = await openForm(t.app, jar, await linkTo(person.email, '/account/reset-password'));
    expect(
      (await postForm(t.app, jar, reset.action, { ...reset.fields, newPassword: 'a-brand-new-password', confirmPassword: 'a-brand-new-password' })).statusCode,
    ).toBe(200);
    expect((await request(t.app, new CookieJar(), { url: link, headers: { accept: 'text/html' } })).statusCode).toBe(400);
    expect(await signsIn(person.email, 'a-brand-new-password')).toBe(true);
  });

  it('cancels the waiting change and reset links when changed on the account page', async () => {
    const person = await newPerson();
    await changeEmail(person, 'cancelled.by.change@example.com');
    const link = await confirmLink('cancelled.by.change@example.com');
    const jar = new CookieJar();
    const forgot = await openForm(t.app, jar, `/account/forgot-password?client_id=portal-web`);
    await postForm(t.app, jar, forgot.action, { ...forgot.fields, email: person.email });
    const resetLink = await linkTo(person.email, '/account/reset-password');
    const account = await openForm(t.app, person.jar, '/account/?client_id=portal-web');
    const changed = await postForm(t.app, person.jar, '/account/password', {
      ...account.fields,
      currentPassword: person.password,
      newPassword: 'a-changed-password-1',
      confirmPassword: 'a-changed-password-1',
    });
    expect(changed.statusCode).toBe(200);
    expect((await request(t.app, new CookieJar(), { url: link, headers: { accept: 'text/html' } })).statusCode).toBe(400);
    expect((await request(t.app, new CookieJar(), { url: resetLink, headers: { accept: 'text/html' } })).statusCode).toBe(400);
  });
});

describe('undoing a completed change', () => {
  async function changed(newEmail: string): Promise<{ person: Person; undoLink: string }> {
    const person = await newPerson();
    await changeEmail(person, newEmail);
    expect((await confirm(await confirmLink(newEmail))).statusCode).toBe(200);
    return { person, undoLink: await linkTo(person.email, '/account/undo-email-change') };
  }

  it('tells the old address, whose link puts it back with a new password, ends every session and waiting link, and works once', async () => {
    const { person, undoLink } = await changed('moved.away@example.com');
    const [told] = await outbox(t.app, person.email);
    expect(told).toMatchObject({
      subject: 'Your pay portal email address has been changed',
      link: expect.stringMatching(/^http:\/\/localhost:8080\/account\/undo-email-change\?token=[\w-]{43}$/),
    });
    expect(told!.body).toContain('moved.away@example.com');
    expect(told!.body).toContain('within 14 days');
    // Whoever now holds the new address asks for a reset link and a further change.
    const jar = new CookieJar();
    const forgot = await openForm(t.app, jar, `/account/forgot-password?client_id=portal-web`);
    await postForm(t.app, jar, forgot.action, { ...forgot.fields, email: 'moved.away@example.com' });
    const resetLink = await linkTo('moved.away@example.com', '/account/reset-password');
    const page = await request(t.app, new CookieJar(), { url: undoLink, headers: { accept: 'text/html' } });
    expect(page.body).toContain('<h1>Change your email address back</h1>');
    expect(page.body).toContain(`<strong>${person.email}</strong>`);
    const short = await undo(undoLink, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('at least 12 characters');

    const done = await undo(undoLink, 'the-owners-own-password');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Your email address has been changed back</h1>');
    expect(await signsIn(person.email, 'the-owners-own-password')).toBe(true);
    expect(await signsIn(person.email, person.password)).toBe(false);
    expect(await signsIn('moved.away@example.com', 'the-owners-own-password')).toBe(false);
    expect((await api(t.app, person, 'GET', `/api/user/${person.sub}`)).statusCode).toBe(401);
    expect((await request(t.app, new CookieJar(), { url: resetLink, headers: { accept: 'text/html' } })).statusCode).toBe(400);
    // The link works once.
    expect((await request(t.app, new CookieJar(), { url: undoLink, headers: { accept: 'text/html' } })).statusCode).toBe(400);
  });

  it('stays the owner’s after a password reset from the new address, for 14 days only', async () => {
    const { person, undoLink } = await changed('reset.after.move@example.com');
    const jar = new CookieJar();
    const forgot = await openForm(t.app, jar, `/account/forgot-password?client_id=portal-web`);
    await postForm(t.app, jar, forgot.action, { ...forgot.fields, email: 'reset.after.move@example.com' });
    const reset = await openForm(t.app, jar, await linkTo('reset.after.move@example.com', '/account/reset-password'));
    await postForm(t.app, jar, reset.action, { ...reset.fields, newPassword: 'a-password-of-the-mover', confirmPassword: 'a-password-of-the-mover' });
    const rows = await t.database.db.selectFrom('email_changes').selectAll().where('user_id', '=', person.sub).where('purpose', '=', 'undo').execute();
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime()).toBe(14 * 24 * 60 * 60_000);
    expect((await undo(undoLink, 'the-owner-is-back-1')).statusCode).toBe(200);
    expect(await signsIn(person.email, 'the-owner-is-back-1')).toBe(true);
    expect(await signsIn('reset.after.move@example.com', 'a-password-of-the-mover')).toBe(false);
  });

  it('puts the address back once when the link is used 300 times at once', async () => {
    const { person, undoLink } = await changed('busy.undo@example.com');
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, undoLink);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        postForm(t.app, jar, form.action, { ...form.fields, newPassword: `undo-password-${i}-xx`, confirmPassword: `undo-password-${i}-xx` }),
      ),
    );
    const won = answers.flatMap((res, i) => (res.statusCode === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(299);
    expect(await signsIn(person.email, `undo-password-${won[0]}-xx`)).toBe(true);
  });
});

describe('the e-mails of a change, in the language the account chose', () => {
  it('are Welsh for an account that chose Cymraeg: the link to the new address, the note and the undo link to the old', async () => {
    const person = await newPerson();
    expect((await api(t.app, person, 'PATCH', `/api/users/${person.sub}`, { language: 'cy' })).statusCode).toBe(200);
    const newEmail = `symud.${people}@example.com`;
    expect((await changeEmail(person, newEmail)).statusCode).toBe(200);
    const [toNew] = await outbox(t.app, newEmail);
    expect(toNew!.subject).toBe(welsh.newAddressSubject);
    const [note] = await outbox(t.app, person.email);
    expect(note!.subject).toBe(welsh.aboutToChangeSubject);
    expect(note!.body).toContain(newEmail);
    expect((await confirm(await confirmLink(newEmail))).statusCode).toBe(200);
    const told = (await outbox(t.app, person.email)).find((m) => m.subject === welsh.changedSubject);
    expect(told?.body).toContain('/account/undo-email-change?token=');
    expect(told?.body).not.toMatch(/instead of this address|within 14 days/);
  });
});
