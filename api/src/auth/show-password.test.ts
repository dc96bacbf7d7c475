// 'Show password' on every password field of the sign-in service's pages: a
// button beside each field, and one script, allowed by its hash alone, that makes it work.
import crypto from 'node:crypto';
import { CLIENT_ID, DEMO, createTestApp, registrationLink, request, signIn, startRegistration } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { CookieJar } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The 'Show password' buttons of a page, each with the field it controls. */
function toggles(html: string) {
  return [...html.matchAll(/<button[^>]*data-show-password[^>]*>([^<]*)<\/button>/g)].map(([tag, text]) => ({
    text,
    controls: / aria-controls="([^"]+)"/.exec(tag)?.[1],
    pressed: / aria-pressed="([^"]+)"/.exec(tag)?.[1],
    type: / type="([^"]+)"/.exec(tag)?.[1],
    hiddenUntilScript: / hidden[ >]/.test(tag),
  }));
}

const passwordFields = (html: string) => [...html.matchAll(/<input[^>]* type="password"[^>]*>/g)].map(([tag]) => / id="([^"]+)"/.exec(tag)?.[1]);

const scriptTag = (html: string) => /<script src="([^"]+)" integrity="([^"]+)" defer><\/script>/.exec(html);

/** Every script tag of a page: its src and integrity. */
const scriptTags = (html: string) => [...html.matchAll(/<script src="([^"]+)" integrity="([^"]+)" defer><\/script>/g)].map((m) => [m[1]!, m[2]!] as const);

/** The page the registration link opens, where the password is chosen. */
async function registrationLinkFor(email: string): Promise<string> {
  await startRegistration(t.app, new CookieJar(), { email, password: 'unused-here' });
  return registrationLink(t.app, email);
}

describe("'Show password'", () => {
  it('puts a toggle button beside every password field of sign in, the registration link’s page and the account page', async () => {
    const user = await signIn(t.app, DEMO.alex.email);
    const pages = {
      signIn: await request(t.app, new CookieJar(), { url: `/account/sign-in?client_id=${CLIENT_ID}` }),
      register: await request(t.app, new CookieJar(), { url: await registrationLinkFor('shown.password@example.com') }),
      account: await request(t.app, user.jar, { url: `/account/?client_id=${CLIENT_ID}` }),
    };
    const expected = { signIn: ['password'], register: ['password', 'confirmPassword'], account: ['currentPassword', 'newPassword', 'confirmPassword'] };
    for (const [name, page] of Object.entries(pages)) {
      expect({ name, status: page.statusCode }).toEqual({ name, status: 200 });
      const fields = expected[name as keyof typeof expected];
      expect({ name, fields: passwordFields(page.body) }).toEqual({ name, fields });
      expect({ name, toggles: toggles(page.body) }).toEqual({
        name,
        toggles: fields.map((id) => ({ text: 'Show password', controls: id, pressed: 'false', type: 'button', hiddenUntilScript: true })),
      });
    }
  });

  it('loads its script, allowed by the page’s CSP through its hash alone, and serves that exact script', async () => {
    const user = await signIn(t.app, DEMO.alex.email);
    // The account page has password fields and no passkey button: the 'Show password' script alone.
    const page = await request(t.app, user.jar, { url: `/account/?client_id=${CLIENT_ID}` });
    const tags = scriptTags(page.body);
    expect(tags).toHaveLength(1);
    const [src, integrity] = tags[0]!;
    expect(src).toBe('/account/show-password.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none';/);
    expect(csp.split('; ').filter((d) => d.startsWith('script-src'))).toEqual([`script-src '${integrity}'`]);
    // Otherwise the policy is the one every other sign-in page has.
    const other = await t.app.inject({ url: `/app/logout/?client_id=${CLIENT_ID}`, headers: { accept: 'text/html' } });
    expect(csp.replace(`; script-src '${integrity}'`, '')).toBe(other.headers['content-security-policy']);
    expect(page.body).not.toMatch(/<script>|<script [^s]| on\w+="/);

    const script = await t.app.inject({ url: src });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(`sha256-${crypto.createHash('sha256').update(script.body).digest('base64')}`).toBe(integrity);
    // It toggles the type and aria-pressed, and never renames the button.
    expect(script.body).toContain("input.type = visible ? 'text' : 'password'");
    expect(script.body).toContain("button.setAttribute('aria-pressed', visible ? 'true' : 'false')");
    expect(script.body).not.toMatch(/textContent = [^;]*Hide password/);
  });

  it('loads the passkey script too on the sign-in page, each allowed by its hash, and may fetch from its own origin only there', async () => {
    const page = await request(t.app, new CookieJar(), { url: `/account/sign-in?client_id=${CLIENT_ID}` });
    const tags = scriptTags(page.body);
    expect(tags.map(([src]) => src)).toEqual(['/account/show-password.js', '/account/passkey.js']);
    const csp = String(page.headers['content-security-policy']);
    expect(csp.split('; ').filter((d) => d.startsWith('script-src') || d.startsWith('connect-src'))).toEqual([
      `script-src ${tags.map(([, integrity]) => `'${integrity}'`).join(' ')}`,
      "connect-src 'self'",
    ]);
    expect(page.body).not.toMatch(/<script>|<script [^s]| on\w+="/);
    for (const [src, integrity] of tags) {
      const script = await t.app.inject({ url: src });
      expect({ src, status: script.statusCode, type: script.headers['content-type'] }).toEqual({ src, status: 200, type: 'text/javascript; charset=utf-8' });
      expect(`sha256-${crypto.createHash('sha256').update(script.body).digest('base64')}`).toBe(integrity);
    }
  });

  it('allows no script at all on pages without a password field', async () => {
    const page = await t.app.inject({ url: `/app/logout/?client_id=${CLIENT_ID}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(scriptTag(page.body)).toBeNull();
    expect(String(page.headers['content-security-policy'])).not.toContain('script-src');
  });
});
