// What every app shares as a Module Federation singleton, so one copy of each loads and the
// stores in @portal/shared are one instance across host and remotes (docs/architecture.md "Federation").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SINGLETONS = [
  'react',
  'react-dom',
  // Not react-router-dom: shared, it would be whole (65 KiB gzip); apps take routing from
  // @portal/shared/router, one singleton holding only the exports they use.
  'zustand',
  'axios',
  // Not @tanstack/react-query: shared, it would be whole (13.4 KiB gzip); apps take it from
  // @portal/shared/query, one singleton (one QueryClient context and cache for host and remotes,
  // docs/architecture.md "Client data layer") holding only the exports they use.
  '@fusionauth/react-sdk',
  '@portal/shared',
];

/**
 * Libraries the host's production build provides eagerly, in its entry's chunks: every first page runs
 * them, and provided lazily each was a chunk fetched only once the chunk that consumes it had arrived
 * (three round trips of 150 ms before the runtime config was even asked for). @portal/shared
 * too (with TanStack Query and the router it bundles): its chunks are entry scripts, downloaded beside
 * main instead of after main ran (the signed-out landing page loads no app at all: boot.js).
 */
const HOST_EAGER = new Set(['react', 'react-dom', 'zustand', 'axios', '@fusionauth/react-sdk', '@portal/shared']);

/**
 * Singletons whose subpaths are shared one by one instead of all under `name/`. zustand keeps no
 * state of its own (the stores are @portal/shared's, shared as such): `zustand/middleware`, shared,
 * was all of zustand's middlewares whole in the host's main chunk (10 kB); bundled where it is
 * used, only `persist` remains (fewer bytes and less main-thread work on Home).
 */
const SHARED_SUBPATHS = { zustand: ['zustand/react/shallow'] };

/**
 * Modules of @portal/shared that neither the host's code nor Home's page (remote-pay's HomePage) imports:
 * the host provides them lazily, in a chunk of their own that the pages using them (Payslips, a payslip,
 * Documents, the tax year, set-up) fetch beside their own chunks, instead of in the portal-shared entry
 * script every signed-in first page downloads (fewer bytes on Home). Only modules no eager module
 * imports can be here: an eager module cannot consume a lazy one (host/src/federation-config.test.ts
 * checks the imports). The list is a JSON file, so the e2e journeys read the same one.
 */
export const HOST_LAZY_CONTRACT_MODULES = JSON.parse(readFileSync(new URL('./host-lazy-contract-modules.json', import.meta.url), 'utf8')).map(
  (module) => `@portal/shared/${module}`,
);

/** The package whose version is the host–remote contract's (docs/architecture.md "Host–remote contract"). */
const CONTRACT_PACKAGE = '@portal/shared';

/**
 * Builds this app against another contract range than its package.json says, e.g.
 * PORTAL_SHARED_REQUIRED_VERSION=^2.0.0 (the e2e journey of a remote built for a newer contract).
 */
const CONTRACT_RANGE_OVERRIDE = 'PORTAL_SHARED_REQUIRED_VERSION';

/** The contract's stylesheet: the host imports it from its main entry (host/src/index.ts). */
const CONTRACT_STYLESHEET = `${CONTRACT_PACKAGE}/ui/ui.css`;

const SHARED_DIR = path.join(import.meta.dirname, '..', '..', 'shared');

const sharedPackageVersion = () => JSON.parse(readFileSync(path.join(SHARED_DIR, 'package.json'), 'utf8')).version;

/**
 * Every module of @portal/shared an app can import at run time, as requests ('@portal/shared/contract',
 * '@portal/shared/ui/Notice', ...): the package's exports, without tests, test helpers and type-only files.
 * The wire schemas (`wire.ts`, `wire/`) are the API's: the front end imports their types only.
 */
export function contractModuleRequests() {
  const src = path.join(SHARED_DIR, 'src');
  const requests = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      const relative = path.relative(src, file).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (relative !== 'testing' && relative !== 'wire') walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'types.ts' && relative !== 'wire.ts') {
        requests.push(`${CONTRACT_PACKAGE}/${relative.replace(/\.tsx?$/, '')}`);
      }
    }
  };
  walk(src);
  return [...requests, CONTRACT_STYLESHEET].sort();
}

/**
 * The semver range an app needs, from its dependency range: `workspace:^1.0.0` means `^1.0.0`;
 * `workspace:*` (or `^`, `~`) stands for the workspace package's own version.
 */
function requiredRange(name, declared) {
  if (!declared.startsWith('workspace:')) return declared;
  const range = declared.slice('workspace:'.length);
  if (!['*', '^', '~'].includes(range)) return range;
  if (name !== CONTRACT_PACKAGE) return false;
  const version = sharedPackageVersion();
  return range === '*' ? version : `${range}${version}`;
}

/**
 * @param {{ dependencies?: Record<string, string> }} appPackage the app's package.json
 * @param {{ role: 'host' | 'remote', mode: 'production' | 'development', env?: Record<string, string | undefined> }} options
 */
export function createSharedDependencies(appPackage, { role, mode, env = process.env }) {
  const declared = appPackage.dependencies ?? {};
  const shared = {};
  for (const name of SINGLETONS) {
    const range = declared[name];
    if (!range) continue;
    const isContract = name === CONTRACT_PACKAGE;
    const requiredVersion = (isContract && env[CONTRACT_RANGE_OVERRIDE]) || requiredRange(name, range);
    const config = { singleton: true, requiredVersion };
    if (role === 'host' && mode === 'production' && HOST_EAGER.has(name)) config.eager = true;
    if (isContract) {
      // A remote built for another major of the contract must not run against this host's copy:
      // strictVersion makes the federation runtime refuse it (the host shows why).
      config.strictVersion = true;
      // The contract is the host's to provide. A deployed remote brings no copy of its own, so a
      // remote built for another contract can never hand its modules to the others. Its standalone
      // harness (a development build) still bundles one.
      if (role === 'remote' && mode === 'production') config.import = false;
    }
    shared[name] = config;
    // Subpaths too: react/jsx-runtime, react-dom/client, @portal/shared/stores/session, ...
    // Not the contract's prefix in the host's production build, which names each module of it below: a
    // prefix share applies beside an exact one and wins, and would make the lazy ones eager again.
    const lazyContract = isContract && role === 'host' && mode === 'production';
    if (!lazyContract) for (const subpath of SHARED_SUBPATHS[name] ?? [`${name}/`]) shared[subpath] = { ...config };
    // The host provides every module of the contract, also those only remotes import.
    if (isContract && role === 'host') {
      for (const request of contractModuleRequests()) {
        shared[request] = config.eager && HOST_LAZY_CONTRACT_MODULES.includes(request) ? { ...config, eager: false } : { ...config };
      }
    }
    // The host's styles load with its main entry, in <head>, for the landing page in index.html
    // (static-landing.mjs): the stylesheet is provided eagerly, in the main chunk.
    if (isContract && role === 'host' && mode === 'production') shared[CONTRACT_STYLESHEET] = { ...config, eager: true };
  }
  return shared;
}
