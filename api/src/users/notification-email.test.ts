// Notices go only to a proven address: a new notification address gets a link, and is used once its
// owner opens it; until then notices go to the address already in use (the sign-in address at first).
import { CookieJar, DEMO, api, createTestApp, outbox, register, request, signInAlex, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { queueNotices } from '../notifications/notice-repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let people = 0;
async function newPerson(): Promise<SignedIn> {
  people += 1;
  return register(t.app, { email: `notified.${people}@example.com`, password: 'a-long-password-5' });
}

const setNotificationEmail = (user: SignedIn, email: string) => api(t.app, user, 'PATCH', `/api/users/${user.sub}`, { email });

async function confirmLinkTo(email: string): Promise<string> {
  const link = (await outbox(t.app, email)).find((m) => m.link?.includes('/account/confirm-email'))?.link;
  if (!link) throw new Error(`no confirmation link for ${email}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function confirm(link: string) {
  const jar = new CookieJar();
  const form = await openForm(t.app, jar, link);
  return postForm(t.app, jar, form.action, form.fields);
}

/** Where a payslip notice of the user would go now: queued, read and rolled back. */
async function noticeRecipient(user: SignedIn): Promise<string | undefined> {
  const employment = await t.database.db.selectFrom('employments').select('id').where('user_id', '=', user.sub).executeTakeFirstOrThrow();
  let recipient: string | undefined;
  await t.database.db
    .transaction()
    .execute(async (trx) => {
      await queueNotices(trx, [{ kind: 'payslip', source: `payslip:probe-${Date.now()}`, employmentId: employment.id, payDate: '2026-11-27' }]);
      const row = await trx
        .selectFrom('notification_queue')
        .select('recipient')
        .where('user_id', '=', user.sub)
        .where('channel', '=', 'email')
        .executeTakeFirst();
      recipient = row?.recipient;
      throw new Error('roll back');
    })
    .catch((err: Error) => {
      if (err.message !== 'roll back') throw err;
    });
  return recipient;
}

describe('a new notification address', () => {
  it('is used only once the link sent to it is opened; until then notices go to the sign-in address', async () => {
    const alex = await signInAlex(t.app);
    const res = await setNotificationEmail(alex, 'Unproven@Example.com');
    expect(res.statusCode).toBe(200);
    expect(unwrap(res).data).toMatchObject({ email: DEMO.alex.email });
    expect(await noticeRecipient(alex)).toBe(DEMO.alex.email);
    const [sent] = await outbox(t.app, 'unproven@example.com');
    expect(sent).toMatchObject({ subject: 'Confirm where your pay portal notices go', link: expect.stringContaining('/account/confirm-email?token=') });

    const link = await confirmLinkTo('unproven@example.com');
    const page = await request(t.app, new CookieJar(), { url: link, headers: { accept: 'text/html' } });
    expect(page.body).toContain('Send notices of new payslips and P60s to <strong>unproven@example.com</strong>');
    const done = await confirm(link);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Notices of new payslips and P60s now go to <strong>unproven@example.com</strong>');
    expect(await noticeRecipient(alex)).toBe('unproven@example.com');
    // The sign-in address did not move.
    expect((await api(t.app, alex, 'GET', `/api/user/${alex.sub}`)).json().user.email).toBe(DEMO.alex.email);
    // Back to the sign-in address needs no link: it is proven.
    expect(unwrap(await setNotificationEmail(alex, DEMO.alex.email)).data).toMatchObject({ email: DEMO.alex.email });
    expect(await noticeRecipient(alex)).toBe(DEMO.alex.email);
  });

  it('is cancelled by a new password before it is confirmed', async () => {
    const person = await newPerson();
    await setNotificationEmail(person, 'cancelled.notices@example.com');
    const link = await confirmLinkTo('cancelled.notices@example.com');
    const account = await openForm(t.app, person.jar, '/account/?client_id=portal-web');
    await postForm(t.app, person.jar, '/account/password', {
      ...account.fields,
      currentPassword: 'a-long-password-5',
      newPassword: 'a-long-password-6',
      confirmPassword: 'a-long-password-6',
    });
    expect((await request(t.app, new CookieJar(), { url: link, headers: { accept: 'text/html' } })).statusCode).toBe(400);
  });

  it('moves once when its link is used 300 times at once', async () => {
    const person = await newPerson();
    await setNotificationEmail(person, 'busy.notices@example.com');
    const link = await confirmLinkTo('busy.notices@example.com');
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, link);
    const answers = await Promise.all(Array.from({ length: 300 }, () => postForm(t.app, jar, form.action, form.fields)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(299);
  });

  it('sends at most 5 links an hour (the e-mail change limit)', async () => {
    const person = await newPerson();
    for (let i = 0; i < 5; i++) expect((await setNotificationEmail(person, `flood.${i}@example.com`)).statusCode).toBe(200);
    const refused = await setNotificationEmail(person, 'flood.5@example.com');
    expect(refused.statusCode).toBe(429);
    expect(await outbox(t.app, 'flood.5@example.com')).toEqual([]);
  });
});
