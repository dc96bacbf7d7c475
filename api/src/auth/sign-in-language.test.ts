// The sign-in service's pages in the language a person chose: the portal-language cookie (kept by the
// pages' own switch or the portal's), else Accept-Language, among the languages the portal offers.
// Page, title, labels, buttons, error summary and field errors all speak it; the switch comes back.
import { CLIENT_ID, CookieJar, createTestApp, outbox, register, request } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { turnOnTwoStep } from '../test/account-security';
import { passwordStep } from '../test/second-step';
import kit from '../http/messages/cy.json';
import { escapeHtml } from '../http/pages';
import accountWelsh from '../identity/messages/cy.json';
import { askedFromLine } from './asked-from';
import { passkeyAddedMessage } from './passkeys';
import { waitWords } from './auth-texts';
import welsh from './messages/cy.json';
import english from './messages/en.json';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SIGN_IN = `/account/sign-in?client_id=${CLIENT_ID}`;
const welshBrowser = () => {
  const jar = new CookieJar();
  jar.cookies.set('portal-language', 'cy');
  return jar;
};
const page = (jar: CookieJar, url: string, headers: Record<string, string> = {}) => request(t.app, jar, { url, headers: { accept: 'text/html', ...headers } });
/** The page's h1 as a person reads it. */
const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1]?.replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe('the sign-in pages in Welsh', () => {
  it('speak Welsh where the person chose it: the page, its title, labels, buttons and language, with a switch back to English', async () => {
    const res = await page(welshBrowser(), SIGN_IN);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="cy-GB">');
    expect(heading(res.body)).toBe(welsh.signInHeading);
    expect(res.body).toContain(`<title>${escapeHtml(welsh.signInTitle)} – Porth cyflog</title>`);
    expect(res.body).toContain(`>${escapeHtml(welsh.emailAddress)}</label>`);
    expect(res.body).toContain(`>${escapeHtml(kit.showPassword)}</button>`);
    expect(res.body).toContain(`<button type="submit">${escapeHtml(welsh.signInButton)}</button>`);
    expect(res.body).not.toContain(english.signInHeading);
    // What the passkey script says as it goes, in Welsh too.
    expect(res.body).toContain(`data-say-follow="${escapeHtml(welsh.passkeyFollowSteps)}"`);
    const back = `/account/language/en?return=${encodeURIComponent(SIGN_IN)}`;
    expect(res.body).toContain(`<a href="${back.replace(/&/g, '&amp;')}" lang="en" hreflang="en">English</a>`);
  });

  it('include the second step: a sign-in that has run out says so in Welsh', async () => {
    const expired = await page(welshBrowser(), '/account/second-step');
    expect(expired.statusCode).toBe(400);
    expect(heading(expired.body)).toBe(welsh.signInAgainTitle);
    expect(expired.body).toContain('<html lang="cy-GB">');
  });

  it('include the second step: the code page and a wrong code, in Welsh', async () => {
    const person = await register(t.app, { email: 'dau.gam@example.com', password: 'a-long-enough-password' });
    await turnOnTwoStep(t.app, person);
    const jar = welshBrowser();
    const codePage = await passwordStep(t.app, jar, person.email, 'a-long-enough-password');
    expect(heading(codePage.body)).toBe(welsh.codeHeading);
    expect(codePage.body).toContain(escapeHtml(welsh.useRecoveryCodeInstead));
    const form = await openForm(t.app, jar, '/account/second-step');
    const wrong = await postForm(t.app, jar, form.action, { ...form.fields, code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(escapeHtml(welsh.appCodeMalformed));
    expect(wrong.body).toContain(escapeHtml(kit.thereIsAProblem));
  });

  it('include the page after an account is closed', async () => {
    const closed = await page(welshBrowser(), '/account/closed');
    expect(heading(closed.body)).toBe("Mae eich cyfrif wedi'i gau");
    expect(closed.body).toContain('<html lang="cy-GB">');
  });

  it('include the account page and the pages of an address change', async () => {
    const person = await register(t.app, { email: 'cyfrif.nia@example.com', password: 'a-long-enough-password' });
    person.jar.cookies.set('portal-language', 'cy');
    const account = await page(person.jar, '/account/');
    expect(heading(account.body)).toBe(welsh.accountTitle);
    expect(account.body).toContain(`>${escapeHtml(welsh.currentPassword)}</label>`);
    const spent = await page(welshBrowser(), `/account/confirm-email?token=${'A'.repeat(43)}`);
    expect(heading(spent.body)).toBe(welsh.linkExpiredTitle);
    expect(spent.body).toContain(escapeHtml(welsh.emailLinkExpiredText));
  });

  it('follow a browser that asks for Welsh on a first visit, and offer Cymraeg to an English page', async () => {
    expect(heading((await page(new CookieJar(), SIGN_IN, { 'accept-language': 'cy-GB,cy;q=0.9,en;q=0.5' })).body)).toBe(welsh.signInHeading);
    const english = await page(new CookieJar(), SIGN_IN, { 'accept-language': 'en-GB' });
    expect(english.body).toContain('<html lang="en-GB">');
    expect(english.body).toMatch(/<a href="\/account\/language\/cy\?return=[^"]+" lang="cy" hreflang="cy">Cymraeg<\/a>/);
  });

  it('word a form refused in Welsh: the summary, each field’s message and the title, with everything typed kept', async () => {
    const jar = welshBrowser();
    const form = await openForm(t.app, jar, `/account/register?client_id=${CLIENT_ID}`);
    const res = await postForm(t.app, jar, form.action, {
      ...form.fields,
      firstName: 'Nia',
      email: 'not-an-address',
      birthDay: '31',
      birthMonth: '2',
      birthYear: '1990',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`<h2 id="error-summary-title">${escapeHtml(kit.thereIsAProblem)}</h2>`);
    for (const id of ['enterLastName', 'enterEmailFormat', 'enterRealDateOfBirth'] as const) expect(res.body).toContain(escapeHtml(welsh[id]));
    expect(res.body).toContain(`<span class="visually-hidden">${escapeHtml(kit.errorPrefix)} </span>`);
    expect(res.body).toContain(`<title>${escapeHtml(kit.errorTitle.replace('{title}', welsh.registerTitle))} – Porth cyflog</title>`);
    expect(res.body).toContain('value="Nia"');
    expect(res.body).toContain(`>${escapeHtml(kit.day)}</label>`);
    // A page shown after a form was sent has no address to come back to: no switch.
    expect(res.body).not.toContain('/account/language/');
  });

  it('say how long to wait in Welsh', () => {
    expect(waitWords('cy', 60_000)).toMatch(/^1 /);
    expect(waitWords('cy', 15 * 60_000)).toMatch(/^15 /);
    expect(waitWords('cy', 15 * 60_000)).not.toContain('minute');
    expect(waitWords('en', 15 * 60_000)).toBe('15 minutes');
    expect(waitWords('en', 3 * 60 * 60_000)).toBe('3 hours');
  });
});

describe('the e-mails a sign-in page sends, in its language', () => {
  it('the registration link, with when and from what browser it was asked for', async () => {
    const jar = welshBrowser();
    const form = await openForm(t.app, jar, `/account/register?client_id=${CLIENT_ID}`);
    const sent = await postForm(t.app, jar, form.action, { ...form.fields, firstName: 'Nia', lastName: 'Jones', email: 'nia.jones@example.com' });
    expect(sent.statusCode).toBe(200);
    const [message] = await outbox(t.app, 'nia.jones@example.com');
    expect(message!.subject).toBe(welsh.linkEmailSubject);
    expect(message!.body).toMatch(/^I orffen creu eich cyfrif porth cyflog/);
    expect(message!.body).toMatch(/Gofynnwyd amdano ddydd \S+ \d{1,2} \S+ \d{4} am \d{2}:\d{2}, gan ddefnyddio /);
    expect(message!.body).not.toMatch(/Asked for|within 30 minutes/);
  });

  it('the password reset link', async () => {
    const owner = await register(t.app, { email: 'dewi.reset@example.com', password: 'a-long-enough-password' });
    const jar = welshBrowser();
    const form = await openForm(t.app, jar, `/account/forgot-password?client_id=${CLIENT_ID}`);
    expect((await postForm(t.app, jar, form.action, { ...form.fields, email: owner.email })).statusCode).toBe(200);
    const [message] = await outbox(t.app, owner.email);
    expect(message!.subject).toBe(welsh.resetEmailSubject);
    expect(message!.body).toContain('/account/reset-password?token=');
  });

  it('the note of a passkey added, in the account’s language', () => {
    const note = passkeyAddedMessage('owner@example.com', 'Ffôn Nia', 'https://pay.example.co.uk', 'cy');
    expect(note.subject).toBe(accountWelsh.passkeyAddedSubject);
    expect(note.body).toContain('"Ffôn Nia"');
    expect(note.body).toContain('https://pay.example.co.uk/settings');
    expect(passkeyAddedMessage('owner@example.com', 'Phone', 'https://pay.example.co.uk').subject).toBe('A passkey was added to your pay portal account');
  });

  it('says the browser in the e-mail’s words', () => {
    const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const at = new Date('2026-11-27T19:40:00Z');
    expect(askedFromLine(at, firefoxOnWindows)).toBe('Asked for on Friday 27 November 2026 at 19:40 from Firefox on Windows');
    expect(askedFromLine(at, firefoxOnWindows, 'cy')).toBe('Gofynnwyd amdano ddydd Gwener 27 Tachwedd 2026 am 19:40, gan ddefnyddio Firefox ar Windows');
    expect(askedFromLine(at, undefined, 'cy')).toMatch(/gan ddefnyddio porwr anhysbys$/);
  });
});

describe('the pages’ language switch', () => {
  it('keeps the choice in the portal-language cookie for a year and goes back to the page', async () => {
    const jar = new CookieJar();
    const res = await request(t.app, jar, { url: `/account/language/cy?return=${encodeURIComponent(SIGN_IN)}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(SIGN_IN);
    const cookie = (res.cookies as { name: string; value: string; path?: string; maxAge?: number; sameSite?: string; httpOnly?: boolean }[]).find(
      (c) => c.name === 'portal-language',
    );
    // Not HttpOnly: the portal's own pages read it before they start.
    expect(cookie).toMatchObject({ value: 'cy', path: '/', maxAge: 31_536_000, sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(heading((await page(jar, SIGN_IN)).body)).toBe(welsh.signInHeading);
  });

  it('never leaves the portal, and names only the portal’s languages', async () => {
    for (const away of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await t.app.inject({ url: `/account/language/cy?return=${encodeURIComponent(away)}` });
      expect([res.statusCode, res.headers.location]).toEqual([303, '/']);
    }
    expect((await t.app.inject({ url: '/account/language/fr' })).statusCode).toBe(400);
  });

  it('goes back to a long sign-in address, and takes no offence at other words in its query', async () => {
    const long = `${SIGN_IN}&state=${'s'.repeat(3000)}`;
    const res = await t.app.inject({ url: `/account/language/cy?return=${encodeURIComponent(long)}&utm_source=mail` });
    expect([res.statusCode, res.headers.location]).toEqual([303, long]);
  });

  it('is only on pages written in both languages: an English-only page or an error page has none', async () => {
    const englishOnly = await page(welshBrowser(), `/verify`);
    expect(englishOnly.body).toContain('<html lang="en-GB">');
    expect(englishOnly.body).not.toMatch(/<nav class="language-switch"|<!--language-switch/);
    const refused = await page(welshBrowser(), '/account/sign-in?client_id=someone-else');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toMatch(/<nav class="language-switch"|<!--language-switch/);
  });

  it('is not offered, and keeps nothing, where the portal offers English alone', async () => {
    const englishOnly = await createTestApp({ languages: ['en'] });
    try {
      const asked = await englishOnly.app.inject({ url: SIGN_IN, headers: { accept: 'text/html', cookie: 'portal-language=cy', 'accept-language': 'cy' } });
      expect(asked.body).toContain('<html lang="en-GB">');
      expect(asked.body).not.toContain('/account/language/');
      const switched = await englishOnly.app.inject({ url: `/account/language/cy?return=${encodeURIComponent(SIGN_IN)}` });
      expect(switched.statusCode).toBe(303);
      expect(switched.cookies).toEqual([]);
    } finally {
      await englishOnly.close();
    }
  });
});
