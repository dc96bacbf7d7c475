// A new sign-in email address (issue 13, item 6): PATCH /api/user/{sub} keeps the current address
// and sends a link to the new one; the old address signs in until the link is opened; the link
// works once, for 30 minutes, stored hashed; the current address is told.
import { CookieJar, api, createTestApp, outbox, register, request, signIn } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { sha256 } from '../auth/secrets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let people = 0;
async function newPerson(): Promise<SignedIn & { password: string }> {
  people += 1;
  const password = `email-change-password-${people}`;
  const user = await register(t.app, { email: `mover.${people}@example.com`, password });
  return { ...user, password };
}

const changeEmail = (user: SignedIn, email: string) => api(t.app, user, 'PATCH', `/api/user/${user.sub}`, { user: { email } });

/** The path and query of the newest confirmation link sent to the address. */
async function confirmLink(email: string): Promise<string> {
  const link = (await outbox(t.app, email)).find((m) => m.link?.includes('/account/confirm-email'))?.link;
  if (!link) throw new Error(`no confirmation link in the outbox for ${email}`);
  const url = new URL(link, 'http://relative.invalid');
  return `${url.pathname}${url.search}`;
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
