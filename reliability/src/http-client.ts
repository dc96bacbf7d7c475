// A browser without the browser: a cookie jar, forms read from the sign-in pages (hidden fields,
// CSRF tokens included) and redirects followed, over real HTTP.

export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=(0|-)/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The action and the fields (hidden and visible) of the first form of an HTML page. */
export function readForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    const name = / name="([^"]+)"/.exec(tag)?.[1];
    if (!name) continue;
    const value = / value="([^"]*)"/.exec(tag)?.[1] ?? '';
    fields[name] = value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return { action, fields };
}

export type Session = { jar: CookieJar; sub: string; cookie(): string };

/** One request with the jar's cookies, as the portal's own page would send it (same Origin). */
export async function send(base: string, jar: CookieJar, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.header()) headers.set('cookie', jar.header());
  if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', new URL(base).origin);
  const response = await fetch(`${base}${path}`, { ...init, headers, redirect: 'manual' });
  jar.take(response);
  return response;
}

/** Signs in through the real sign-in page, as a browser does, and answers the session. */
export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const jar = new CookieJar();
  const page = await send(base, jar, `/account/sign-in?client_id=portal-web&redirect_uri=%2F`, { headers: { accept: 'text/html' } });
  if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}`);
  const { action, fields } = readForm(await page.text());
  const posted = await send(base, jar, action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ ...fields, email, password }).toString(),
  });
  let location = posted.headers.get('location');
  if (posted.status !== 302 || !location) throw new Error(`sign-in as ${email} answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
  // Follow the same-origin redirects (the callback sets the session cookies).
  for (let hop = 0; hop < 5 && location?.startsWith('/app/'); hop++) {
    const next = await send(base, jar, location, { headers: { accept: 'text/html' } });
    location = next.headers.get('location');
  }
  if (!jar.get('__Host-app.at')) throw new Error(`sign-in as ${email} set no session cookie`);
  const me = await send(base, jar, '/app/me/');
  const { sub } = (await me.json()) as { sub: string };
  return { jar, sub, cookie: () => jar.header() };
}
