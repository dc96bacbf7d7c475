// No open redirects: a redirect_uri is either a same-origin path or an absolute URL on an allowed origin.

function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return true;
  return false;
}

export function safeRedirect(value: string | undefined, allowedOrigins: string[]): string | null {
  if (!value) return null;
  if (value.startsWith('/')) {
    // '//host' and '/\host' are protocol-relative in browsers: another origin.
    if (value.startsWith('//') || value.startsWith('/\\') || hasControlCharacters(value)) return null;
    return value;
  }
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && allowedOrigins.includes(url.origin) && !url.username && !url.password) {
      return url.toString();
    }
  } catch {
    // not a URL
  }
  return null;
}

/** Adds query parameters to a relative or absolute URL. */
export function withQuery(target: string, params: Record<string, string | undefined>): string {
  const relative = target.startsWith('/');
  const url = new URL(target, 'http://relative.invalid');
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, v);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
