// Security headers of the static servers, set by @fastify/helmet: a strict Content-Security-Policy,
// no framing, no sniffing, no referrer, and HSTS when the portal's public URL is https.
// The host's policy names the origins of its runtime config (remotes, sign-in server, API), read
// from the file on each request: config.json changes without a rebuild, and so does the policy.
import { readFile } from 'node:fs/promises';

const ONE_YEAR = 31536000;

/** Whether the portal is served over https (then every server sends Strict-Transport-Security). */
export function isHttps(publicUrl) {
  return typeof publicUrl === 'string' && publicUrl.startsWith('https:');
}

function httpOrigin(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const unique = (values) => [...new Set(values.filter(Boolean))];

/**
 * The origins a runtime config names: `remotes` (each manifest's origin: its scripts, styles and
 * assets) and `services` (the sign-in server and the API base URL, when they are not this origin).
 */
export function configOrigins(config) {
  const remotes = unique(Object.values(config?.remotes ?? {}).map(httpOrigin));
  const services = unique([config?.auth?.serverUrl, config?.apiBaseUrl].filter((url) => typeof url === 'string' && url !== '').map(httpOrigin));
  return { remotes, services };
}

const NO_ORIGINS = { remotes: [], services: [] };

/**
 * Reads the runtime config file per call; parses it again only when its text changed. `text` is
 * null when the file cannot be read.
 */
export function runtimeConfigFile(configPath) {
  let last = { text: null, origins: NO_ORIGINS };
  return {
    async read() {
      let text;
      try {
        text = await readFile(configPath, 'utf8');
      } catch {
        return { text: null, origins: NO_ORIGINS };
      }
      if (text !== last.text) {
        let config = null;
        try {
          config = JSON.parse(text);
        } catch {
          // A broken config boots no portal; the policy falls back to this origin only.
        }
        last = { text, origins: configOrigins(config) };
      }
      return last;
    },
  };
}

const ORIGINS = Symbol('runtime config origins');

/** The host page's policy: scripts, styles and assets only from here and the remotes; no inline script. */
export function hostDirectives(origins) {
  const { remotes, services } = origins;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'style-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', ...remotes],
    'font-src': ["'self'", ...remotes],
    'connect-src': ["'self'", ...remotes, ...services],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/** A remote's own pages (its standalone harness) load only from its origin. */
export const REMOTE_DIRECTIVES = hostDirectives(NO_ORIGINS);

/** Headers for answers no hook sees (a broken URL, malformed HTTP): the same protections, no policy to compute. */
export function fixedSecurityHeaders(publicUrl) {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    ...(isHttps(publicUrl) ? { 'Strict-Transport-Security': `max-age=${ONE_YEAR}; includeSubDomains` } : {}),
  };
}

function helmetOptions({ directives, publicUrl, crossOrigin }) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    // Remotes are loaded by the host from another origin; the host's files are its own.
    crossOriginResourcePolicy: { policy: crossOrigin ? 'cross-origin' : 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: isHttps(publicUrl) ? { maxAge: ONE_YEAR, includeSubDomains: true } : false,
  };
}

/** Helmet options for a remote's server. */
export function remoteHelmetOptions({ publicUrl }) {
  return helmetOptions({ directives: REMOTE_DIRECTIVES, publicUrl, crossOrigin: true });
}

/**
 * Helmet options for the host's server, and the hook that puts the runtime config's origins on each
 * request for the policy to read (helmet calls a directive's functions with the raw request).
 */
export function hostHelmet({ publicUrl, configFile }) {
  const fromRequest = (name) => (req) => hostDirectives(req[ORIGINS])[name].join(' ');
  const directives = Object.fromEntries(Object.keys(REMOTE_DIRECTIVES).map((name) => [name, [fromRequest(name)]]));
  return {
    options: helmetOptions({ directives, publicUrl, crossOrigin: false }),
    async onRequest(request) {
      request.raw[ORIGINS] = (await configFile.read()).origins;
    },
  };
}
