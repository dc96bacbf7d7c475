// Runtime config read by the host before it boots (`/config.json`, never cached). This package is a
// Module Federation singleton, so the host and every remote see the same loaded config.
import { REMOTE_ENTRY_FILE, REMOTE_MANIFEST_FILE, REMOTES, type RemoteKey } from '@portal/shared/remotes';
import { LANGUAGES, type Language } from '@portal/shared/i18n';

export type RuntimeConfig = {
  /** URL of each remote's `remoteEntry.js` (an older config's `mf-manifest.json` URL is read as the entry beside it). */
  remotes: Record<RemoteKey, string>;
  /** Identity provider (FusionAuth hosted backend). */
  auth: { serverUrl: string; clientId: string };
  /** Base URL of the application API ('' for the same origin). */
  apiBaseUrl: string;
  /** Optional fixed Authorization header sent with every API call (default none). */
  authorisationHeader: string | null;
  /** Support contact details shown on the support pages. */
  support: { phone: string; email: string };
  /**
   * Each remote's page list as it published it (its pages.json), added by the server of this file
   * (tools/serve.mjs) or the deploy step (tools/runtime-config.mjs). Checked per remote by the host:
   * a remote whose list is missing or wrong has its pages shown as unavailable. Since contract 1.3.0.
   */
  pages: Partial<Record<RemoteKey, unknown>>;
  /** The languages offered, English first; with 'cy' every page has the switch to Welsh. Default ['en']. */
  languages: Language[];
};

let current: RuntimeConfig | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MANIFEST_AT_END = new RegExp(`(^|/)${REMOTE_MANIFEST_FILE.replace(/[.]/g, '\\.')}(?=$|[?#])`);

/**
 * A remote's entry URL. The host registers remotes by their remoteEntry.js (its federation runtime is
 * built without manifest support: docs/architecture.md "Federation"). A config written before that
 * names `…/mf-manifest.json`; every build writes both files side by side, so that URL is read as
 * the `remoteEntry.js` beside it. Any other JSON URL is no entry: '' and a problem.
 */
function remoteEntryUrl(url: string, name: string, problems: string[]): string {
  if (MANIFEST_AT_END.test(url)) return url.replace(MANIFEST_AT_END, `$1${REMOTE_ENTRY_FILE}`);
  if (/\.json(?=$|[?#])/.test(url)) {
    problems.push(`${name} (the remote's ${REMOTE_ENTRY_FILE} URL, not JSON)`);
    return '';
  }
  return url;
}

/**
 * Checks that `value` has the shape of RuntimeConfig and returns it (a normalised copy).
 * Throws an Error naming every missing or wrong field.
 */
export function parseRuntimeConfig(value: unknown, source = 'runtime config'): RuntimeConfig {
  if (!isRecord(value)) {
    throw new Error(`Invalid ${source}: expected a JSON object.`);
  }
  const problems: string[] = [];
  const str = (obj: Record<string, unknown>, key: string, name: string): string => {
    const v = obj[key];
    if (typeof v !== 'string') {
      problems.push(`${name} (string)`);
      return '';
    }
    return v;
  };
  const obj = (parent: Record<string, unknown>, key: string): Record<string, unknown> => {
    const v = parent[key];
    if (!isRecord(v)) {
      problems.push(`${key} (object)`);
      return {};
    }
    return v;
  };

  const remotesIn = obj(value, 'remotes');
  const remotes = Object.fromEntries(
    REMOTES.map(({ key }) => [key, remoteEntryUrl(str(remotesIn, key, `remotes.${key}`), `remotes.${key}`, problems)]),
  ) as RuntimeConfig['remotes'];
  const authIn = obj(value, 'auth');
  const auth = {
    serverUrl: str(authIn, 'serverUrl', 'auth.serverUrl'),
    clientId: str(authIn, 'clientId', 'auth.clientId'),
  };
  const apiBaseUrl = str(value, 'apiBaseUrl', 'apiBaseUrl');

  let authorisationHeader: string | null = null;
  const header = value.authorisationHeader;
  if (typeof header === 'string') {
    authorisationHeader = header === '' ? null : header;
  } else if (header !== undefined && header !== null) {
    problems.push('authorisationHeader (string or null)');
  }

  const supportIn = obj(value, 'support');
  const support = {
    phone: str(supportIn, 'phone', 'support.phone'),
    email: str(supportIn, 'email', 'support.email'),
  };

  const pagesIn = value.pages === undefined ? {} : obj(value, 'pages');
  const pages = Object.fromEntries(REMOTES.filter(({ key }) => pagesIn[key] !== undefined).map(({ key }) => [key, pagesIn[key]]));

  const languages = value.languages ?? ['en'];
  if (!Array.isArray(languages) || languages[0] !== 'en' || !languages.every((language) => LANGUAGES.includes(language))) {
    problems.push("languages (['en'] or ['en', 'cy'])");
  }

  if (problems.length > 0) {
    throw new Error(`Invalid ${source}: missing or wrong ${problems.join(', ')}.`);
  }
  return { remotes, auth, apiBaseUrl, authorisationHeader, support, pages, languages: languages as Language[] };
}

declare global {
  interface Window {
    /** The host page's early fetches by address (host/src/static-landing/boot.js), each for one taker. */
    portalBootFetches?: Record<string, Promise<Response> | undefined>;
  }
}

/** The host page's own fetch of `url`, started before the app's scripts, once: a retry fetches anew. */
function takeBootFetch(url: string): Promise<Response> | undefined {
  const fetches = typeof window === 'undefined' ? undefined : window.portalBootFetches;
  const early = fetches?.[url];
  if (fetches) delete fetches[url];
  return early;
}

/**
 * Fetches, validates and stores the runtime config. On the host's page, boot.js has already fetched
 * /config.json (and read from it which remote entry to preload): this takes that response, so the file
 * is requested once. Elsewhere (a remote on its own) it fetches. The server's `no-store` keeps the
 * file out of the HTTP cache.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await (takeBootFetch(url) ?? fetch(url));
  } catch (error) {
    throw new Error(`Could not fetch runtime config from ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    throw new Error(`Could not fetch runtime config from ${url}: HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`Runtime config at ${url} is not valid JSON.`);
  }
  const config = parseRuntimeConfig(body, `runtime config at ${url}`);
  setRuntimeConfig(config);
  return config;
}

/** The loaded runtime config. Throws if it has not been loaded or set. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) {
    throw new Error('Runtime config is not loaded: call loadRuntimeConfig() (or setRuntimeConfig()) before using it.');
  }
  return current;
}

/** Whether the runtime config has been loaded or set. */
export function hasRuntimeConfig(): boolean {
  return current !== null;
}

type RuntimeConfigListener = (config: RuntimeConfig | null) => void;
const listeners = new Set<RuntimeConfigListener>();

/** Called whenever the config changes (the API client rebuilds itself on change). */
export function onRuntimeConfigChange(listener: RuntimeConfigListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the runtime config (host bootstrap after loading, standalone remotes, tests). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
  listeners.forEach((listener) => listener(config));
}

/** Forgets the runtime config (tests). */
export function clearRuntimeConfig(): void {
  current = null;
  listeners.forEach((listener) => listener(null));
}
