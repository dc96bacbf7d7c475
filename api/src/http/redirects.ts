// No open redirects. A redirect target is judged as the browser will read the Location header that
// carries it: resolved first (dot segments, percent-encoded dots, backslashes read as slashes), then
// it must be a path on the portal's own origin or an absolute URL on an allowed origin. Judging the
// raw text is not enough: '/..//evil.example/' is a path, but resolves to '//evil.example/'.

/** Stands for the portal's own origin while a path is resolved; never sent to anyone. */
const OWN_ORIGIN = 'http://portal.invalid';

function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return true;
  return false;
}

/** True when a browser reads this Location as a path on the origin that sent it ('//host' and '/\host' are other origins). */
function staysOnOrigin(path: string): boolean {
  try {
    return path.startsWith('/') && new URL(path, OWN_ORIGIN).origin === OWN_ORIGIN;
  } catch {
    return false; // '//' alone: a host that is not there
  }
}

/**
 * The redirect target in its resolved form, or null when it could leave the portal: a path
 * ('/payslips', returned resolved) or an http(s) URL on one of `allowedOrigins` without credentials.
 */
export function safeRedirect(value: string | undefined, allowedOrigins: string[]): string | null {
  if (!value || hasControlCharacters(value)) return null;
  const isPath = value.startsWith('/');
  let url: URL;
  try {
    url = isPath ? new URL(value, OWN_ORIGIN) : new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (isPath) {
    if (url.origin !== OWN_ORIGIN) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return staysOnOrigin(path) ? path : null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return allowedOrigins.includes(url.origin) ? url.href : null;
}

/**
 * Adds query parameters to a path or an absolute URL. A path comes out resolved, and never as one
 * that a browser would read as another origin (a last guard: callers pass checked targets).
 */
export function withQuery(target: string, params: Record<string, string | undefined>): string {
  const isPath = target.startsWith('/');
  const url = isPath ? new URL(target, OWN_ORIGIN) : new URL(target);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, v);
  if (!isPath) return url.href;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== OWN_ORIGIN || !staysOnOrigin(path)) throw new Error(`refusing to build a redirect off the portal from "${target}"`);
  return path;
}
