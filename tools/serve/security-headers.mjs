// Security headers of the static servers, set by helmet: a strict Content-Security-Policy, no
// framing, no sniffing, no referrer, and HSTS when the portal's public URL is https.
// The host's policy names the origins of its runtime config (remotes, sign-in server, API), read
// from the file on each request: config.json changes without a rebuild, and so does the policy.
// helmet's middleware is built once per server. (@fastify/helmet builds it again on every request:
// measured, that added about 120 µs of CPU to each proxied API call, some 18 %.)
import { readFile } from 'node:fs/promises';
import helmet from 'helmet';

const ONE_YEAR = 31536000;

/** Whether the portal is served over https (then every server sends Strict-Transport-Security). */
function isHttps(publicUrl) {
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
 * The origins a runtime config names: `remotes` (each remote entry's origin: its scripts, styles and
 * assets) and `services` (the sign-in server and the API base URL, when they are not this origin).
 */
function configOrigins(config) {
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
function hostDirectives(origins) {
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
const REMOTE_DIRECTIVES = hostDirectives(NO_ORIGINS);

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

/**
 * helmet's middleware, built once, as a function of a Fastify request and reply: sets the headers on
 * the raw response (an answer's own headers replace them). The middleware is synchronous.
 */
function helmetHeaders(options) {
  const middleware = helmet(options);
  return (request, reply) => {
    let failure = null;
    middleware(request.raw, reply.raw, (error) => (failure = error ?? null));
    if (failure) throw failure;
  };
}

/** The security headers of a remote's server (an onRequest hook). */
export function remoteSecurityHeaders({ publicUrl }) {
  const setHeaders = helmetHeaders(helmetOptions({ directives: REMOTE_DIRECTIVES, publicUrl, crossOrigin: true }));
  return async (request, reply) => setHeaders(request, reply);
}

/**
 * The security headers of the host's server (an onRequest hook): the runtime config's origins are
 * put on the raw request for the policy's directives to read (helmet calls them with it).
 */
export function hostSecurityHeaders({ publicUrl, configFile }) {
  const fromRequest = (name) => (req) => hostDirectives(req[ORIGINS] ?? NO_ORIGINS)[name].join(' ');
  const directives = Object.fromEntries(Object.keys(REMOTE_DIRECTIVES).map((name) => [name, [fromRequest(name)]]));
  const setHeaders = helmetHeaders(helmetOptions({ directives, publicUrl, crossOrigin: false }));
  return async (request, reply) => {
    // Proxied answers carry the API's own policy (it replaces this one): no need to read the file.
    if (!request.routeOptions.config?.proxied) request.raw[ORIGINS] = (await configFile.read()).origins;
    setHeaders(request, reply);
  };
}
