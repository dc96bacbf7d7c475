// The sign-in service's forms refused, GOV.UK style: a summary at the top ("There is a problem")
// that takes focus as the page opens and links to each field in error; each field marked invalid and
// described by its own message, read as "Error: …"; what was typed kept, but never a password.
import { CLIENT_ID, CookieJar, DEMO, createTestApp, formFields, register, returningBrowser } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { turnOnTwoStep } from '../test/account-security';
import { passwordStep } from '../test/second-step';
import { openForm, postForm } from '../test/forms';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The summary's links, as [message, target id]. */
function summaryLinks(html: string): [string, string][] {
  const summary =
    /<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>\s*<h2 id="error-summary-title">There is a problem<\/h2>([\s\S]*?)<\/div>/.exec(
      html,
    );
  if (!summary) throw new Error(`no focused error summary: ${html.slice(0, 400)}`);
  return [...summary[1]!.matchAll(/<a href="#([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[2]!, m[1]!]);
}

/** The opening tag of the element with this id. */
function elementWithId(html: string, id: string): string {
  const tag = new RegExp(`<(input|button)[^>]* id="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no field #${id}`);
  return tag;
}

/** Every link of the summary reaches a field marked invalid, described by its message, shown above it. */
function expectFieldsInError(html: string, expected: [message: string, fieldId: string][]) {
  expect(summaryLinks(html)).toEqual(expected);
  for (const [message, id] of expected) {
    const field = elementWithId(html, id);
    expect(field).toContain('aria-invalid="true"');
    // A date's boxes are described through their group, as GOV.UK's date input.
    const group =
      html
        .slice(0, html.indexOf(field))
        .match(/<fieldset[^>]*>/g)
        ?.pop() ?? '';
    const errorId = /aria-describedby="[^"]*?(\w+-error)"/.exec(field)?.[1] ?? /aria-describedby="[^"]*?(\w+-error)"/.exec(group)?.[1];
    expect(errorId).toBeDefined();
    const shown = html.indexOf(
      `<span class="field-error" id="${errorId}"><span class="visually-hidden">Error: </span>${message.replace(/'/g, '&#39;')}</span>`,
    );
    expect(shown).toBeGreaterThan(-1);
    expect(shown).toBeLessThan(html.indexOf(field));
  }
  // Nothing else on the page takes focus first.
  expect(html.match(/autofocus/g)).toHaveLength(1);
}

const SIGN_IN = `/account/sign-in?client_id=${CLIENT_ID}&redirect_uri=%2F`;

describe('refused forms of the sign-in service', () => {
  it('sign-in with nothing typed: both fields in the summary and marked', async () => {
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, SIGN_IN);
    const res = await postForm(t.app, jar, form.action, { ...form.fields, email: '', password: '' });
    expect(res.body).toContain('<title>Error: Sign in');
    expectFieldsInError(res.body, [
      ['Enter your email address', 'email'],
      ['Enter your password', 'password'],
    ]);
  });

  it('sign-in with a wrong password keeps the email typed and never echoes the password', async () => {
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, SIGN_IN);
    const res = await postForm(t.app, jar, form.action, { ...form.fields, email: DEMO.alex.email, password: 'not-the-password-at-all' });
    expect(res.statusCode).toBe(401);
    expectFieldsInError(res.body, [['The email address or password is not right', 'email']]);
    expect(elementWithId(res.body, 'email')).toContain(`value="${DEMO.alex.email}"`);
    expect(elementWithId(res.body, 'password')).not.toContain('value=');
    expect(res.body).not.toContain('not-the-password-at-all');
  });

  it('registration keeps every value typed and links the date of birth to its day box', async () => {
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, `/account/register?client_id=${CLIENT_ID}&redirect_uri=%2F`);
    const res = await postForm(t.app, jar, form.action, {
      ...form.fields,
      firstName: '',
      middleName: 'Jo',
      lastName: 'Rivers',
      email: 'not-an-email',
      mobilePhone: '12',
      birthDay: '31',
      birthMonth: '02',
      birthYear: '1990',
    });
    expectFieldsInError(res.body, [
      ['Enter your first name', 'firstName'],
      ['Enter an email address in the right format, like name@example.com', 'email'],
      ['Enter a mobile number like 07700 900123', 'mobilePhone'],
      ['Enter a real date of birth, for example, 14 5 1990', 'birthDay'],
    ]);
    expect(elementWithId(res.body, 'middleName')).toContain('value="Jo"');
    expect(elementWithId(res.body, 'lastName')).toContain('value="Rivers"');
    expect(elementWithId(res.body, 'email')).toContain('value="not-an-email"');
    expect(elementWithId(res.body, 'birthMonth')).toContain('value="02"');
    expect(elementWithId(res.body, 'birthYear')).toContain('value="1990"');
  });

  it('password reset with nothing typed', async () => {
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, `/account/forgot-password?client_id=${CLIENT_ID}&redirect_uri=%2F`);
    const res = await postForm(t.app, jar, form.action, { ...form.fields, email: '' });
    expectFieldsInError(res.body, [['Enter your email address', 'email']]);
  });

  it('the second step with a code that is not right', async () => {
    const person = await register(t.app, { email: 'form.errors.two-step@example.com', password: 'a-first-password-1' });
    await turnOnTwoStep(t.app, person);
    const jar = returningBrowser(t.app, person.email);
    const page = await passwordStep(t.app, jar, person.email, 'a-first-password-1');
    const { action, fields } = formFields(page.body);
    const res = await postForm(t.app, jar, action, { ...fields, code: '000000' });
    expectFieldsInError(res.body, [['The code is not right. Enter the code your app shows now.', 'code']]);
  });
});
