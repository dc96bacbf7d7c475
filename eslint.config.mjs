// Lint for the whole workspace. The import rules keep the one-way flow of docs/architecture.md "Parts":
// shared -> remotes -> host, a remote never imports another remote or the host, and a remote
// reaches the host's state only through @portal/shared/contract.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';
import { FRONT_END_APPS } from './tools/apps.mjs';

const apps = FRONT_END_APPS.map((app) => app.name);

const CONTRACT_MESSAGE =
  'A remote uses the host through @portal/shared/contract only: the stores and the host\'s boot hooks are the host\'s (docs/architecture.md "Host–remote contract").';

/**
 * What only the host may import: the stores behind @portal/shared/contract (their setters write the
 * session), and the hooks the host sets up at boot.
 */
const hostOnly = {
  patterns: [{ group: ['@portal/shared/stores', '@portal/shared/stores/*', '**/shared/src/stores', '**/shared/src/stores/*'], message: CONTRACT_MESSAGE }],
  paths: [
    { name: '@portal/shared/api/client', importNames: ['setUnauthorisedHandler'], message: CONTRACT_MESSAGE },
    { name: '@portal/shared/runtime-config', importNames: ['loadRuntimeConfig', 'setRuntimeConfig', 'clearRuntimeConfig'], message: CONTRACT_MESSAGE },
  ],
};

/**
 * Forbid imports of every app except `self`, by package name and by relative path; a remote also
 * keeps to the host–remote contract.
 */
function boundaryRule(self) {
  const others = apps.filter((app) => app !== self);
  const isRemote = self !== 'host';
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: others.flatMap((app) => [app, `${app}/*`, `**/${app}/**`, `**/${app}`]),
            message: 'An app may import @portal/shared, never another remote or the host (see docs/architecture.md "Parts").',
          },
          ...(isRemote ? hostOnly.patterns : []),
        ],
        paths: isRemote ? hostOnly.paths : [],
      },
    ],
  };
}

const WIRE_MESSAGE =
  'The browser gets the wire types only: `import type` from @portal/shared/api/types or @portal/shared/wire; TypeBox code belongs to the API (docs/architecture.md "Wire contract").';

/** TypeBox and the wire schemas are the API's at run time; front-end code may import their types only. */
const wireTypesOnly = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: [
            '@sinclair/typebox',
            '@sinclair/typebox/*',
            'typebox',
            'typebox/*',
            '@portal/shared/wire',
            '@portal/shared/wire/*',
            '**/shared/src/wire',
            '**/shared/src/wire/*',
          ],
          allowTypeImports: true,
          message: WIRE_MESSAGE,
        },
      ],
    },
  ],
};

// ---- The API's layers (docs/api-layers.md). Lowest first: base, db, http, the domain modules'
// cores in the order below, then the route files, the seed, app.ts and main.ts. A file imports only
// from its own layer or lower ones (type imports included: a type is a dependency too), and no
// import cycle is allowed (import-x/no-cycle, run on the API only as it reads every file it reaches).
const API = path.join(import.meta.dirname, 'api/src');
/** An absolute glob under api/src (a plain file name becomes `@(name)`: the rule wants globs only). */
const apiPath = (...parts) => {
  const full = path.join(API, ...parts);
  return /[*?{}()!]/.test(full) ? full : path.join(path.dirname(full), `@(${path.basename(full)})`);
};

/**
 * The domain modules and the modules each builds on (each may also use whatever those build on).
 * A module's core is every file but its route files; route files sit above all cores.
 */
export const API_MODULES = {
  messages: [],
  jobs: [],
  payroll: [],
  throttle: [],
  users: ['employments'],
  employments: ['payroll'],
  notifications: ['messages', 'jobs'],
  identity: ['users', 'messages', 'jobs'],
  auth: ['identity', 'users', 'employments', 'messages', 'throttle'],
  files: ['employments', 'payroll', 'throttle'],
  'employer-api': ['files', 'notifications', 'payroll', 'throttle', 'payroll-questions'],
  linking: ['auth', 'identity', 'users', 'messages', 'jobs', 'throttle'],
  'employer-console': ['linking', 'identity', 'messages', 'employer-api', 'payroll-questions'],
  'personal-data': ['auth', 'files', 'notifications', 'identity', 'users', 'employments', 'messages', 'throttle', 'payroll-questions'],
  'payroll-questions': ['notifications', 'employments'],
  'pack-checks': ['files', 'throttle', 'auth'],
};
/** Top-level files and folders of api/src that are not domain modules, by layer. */
const API_BASE = ['config.ts', 'london-date.ts', 'secrets.ts', 'cache', 'languages'];
const API_OTHER = ['db', 'http', 'docs', 'test', 'attacks', 'deps.ts', 'health.ts', 'app.ts', 'main.ts'];

/** Every module a domain module builds on, directly or not; a module that reaches itself is a cycle. */
function below(name, seen = []) {
  if (!API_MODULES[name]) throw new Error(`eslint.config.mjs: api/src/${name} is not in API_MODULES: give it its place in the layers`);
  if (seen.includes(name)) throw new Error(`eslint.config.mjs: API_MODULES has a cycle: ${[...seen, name].join(' -> ')}`);
  return [...new Set(API_MODULES[name].flatMap((m) => [m, ...below(m, [...seen, name])]))];
}
for (const entry of fs.readdirSync(API)) {
  if (entry.endsWith('.test.ts') || API_BASE.includes(entry) || API_OTHER.includes(entry)) continue;
  below(entry); // throws for a folder or file with no place in the layers
}

// A module's route files (its Fastify plugins) and commands (`*-cli.ts`, run by a package script).
const ROUTE_FILE = '{plugin,*-routes,*-route}.ts';
const NOT_CORE = 'plugin|*-routes|*-route|*-cli';
const base = API_BASE.map((p) => (p.endsWith('.ts') ? apiPath(p) : apiPath(p, '**')));
const db = [apiPath('db/!(seed|database-command).ts'), apiPath('db/migrations/**')];
const http = [apiPath('http/**'), apiPath('docs/openapi.ts')];
// A module's data (its texts' catalogs: messages/*.json) is part of its core.
const core = (m) => [apiPath(m, `**/!(${NOT_CORE}).{ts,cjs,json}`)];
const routes = (m) => [apiPath(m, ROUTE_FILE)];
const allCores = Object.keys(API_MODULES).flatMap(core);
const seed = [apiPath('db/seed.ts'), apiPath('db/demo/**')];

/** A zone: files matching `target` import nothing of api/src but `allowed`. */
const layer = (name, target, allowed, rule) => ({
  target,
  from: [apiPath('**')],
  except: allowed,
  message: `${name} ${rule} (docs/api-layers.md).`,
});

const apiZones = [
  layer('base (config, dates, secrets, cache, languages)', base, base, 'imports no other API code'),
  layer('db/', db, [...base, ...db], 'imports base only: no domain module, no seed'),
  layer('http/', http, [...base, ...db, ...http], 'is the domain-free web kit: it imports base and db only'),
  ...Object.keys(API_MODULES).map((m) =>
    layer(
      `${m}/ (its core)`,
      core(m),
      [...base, ...db, ...http, ...core(m), ...below(m).flatMap(core)],
      below(m).length ? `builds on base, db/, http/ and the cores of ${below(m).join(', ')} only` : 'builds on base, db/ and http/ only',
    ),
  ),
  ...Object.keys(API_MODULES).map((m) =>
    layer(
      `${m}/ (its routes)`,
      routes(m),
      [...base, ...db, ...http, apiPath('deps.ts'), ...allCores, ...routes(m)],
      "import cores, http/ and deps.ts: never another module's routes, the seed or app.ts",
    ),
  ),
  layer('health.ts', [apiPath('health.ts')], [...base, ...db, ...http, apiPath('deps.ts'), ...allCores], 'is a route file'),
  layer('deps.ts', [apiPath('deps.ts')], [...base, ...db, ...http, ...allCores], 'names the services routes get: cores only'),
  layer('The seed', seed, [...base, ...db, ...http, ...allCores, ...seed], 'builds on the modules; no module imports it'),
  {
    target: [apiPath('**/*repository.ts')],
    from: [apiPath('http/**')],
    message: 'A repository returns data (null or a result union); the route chooses the HTTP status (docs/api-layers.md).',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**', 'data/**', 'e2e/.run/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['**/*.{js,cjs,mjs}'], languageOptions: { globals: globals.node }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['tools/jest/setup-dom.cjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ['e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  ...apps.map((app) => ({ files: [`${app}/**/*.{ts,tsx,js,mjs}`], rules: boundaryRule(app) })),
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: apps.flatMap((a) => [a, `${a}/*`, `**/${a}/**`]), message: '@portal/shared depends on no app.' }] },
      ],
    },
  },
  // The host's tests compose routes from the page lists the remotes really publish: its one reading of a
  // remote's files, their src/pages.ts (plain data), in one test fixture.
  {
    files: ['host/src/testing/portal-pages.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'remote-[a-z]+/(?!src/pages$)', message: "The host reads only the remotes' page lists (src/pages.ts)." }] },
      ],
    },
  },
  // Host, remotes and shared's browser modules (all of shared but the wire schemas, its tests and test helpers).
  {
    files: [...apps.map((app) => `${app}/src/**/*.{ts,tsx}`), 'shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/wire.ts', 'shared/src/wire/**', 'shared/src/testing/**', 'shared/src/**/*.test.{ts,tsx}'],
    rules: wireTypesOnly,
  },
  {
    // Routing comes from @portal/shared/router, TanStack Query from @portal/shared/query and Lingui from
    // @portal/shared/i18n: a direct import would bundle a second copy, whose context or dictionary the
    // others cannot see (tests build their own routers and clients).
    files: [...apps.map((app) => `${app}/src/**/*.{ts,tsx}`), 'shared/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'shared/src/testing/**', 'shared/src/router.ts', 'shared/src/query.ts', 'shared/src/i18n.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react-router-dom'], ExportNamedDeclaration[source.value='react-router-dom']",
          message: 'Import routing from \'@portal/shared/router\', so every app uses one router (docs/architecture.md "Federation").',
        },
        {
          selector: "ImportDeclaration[source.value='@tanstack/react-query'], ExportNamedDeclaration[source.value='@tanstack/react-query']",
          message: 'Import TanStack Query from \'@portal/shared/query\', so every app uses one client (docs/architecture.md "Client data layer").',
        },
        {
          selector: 'ImportDeclaration[source.value=/^@lingui\\//], ExportNamedDeclaration[source.value=/^@lingui\\//]',
          message:
            'Read texts through \'@portal/shared/i18n\' (defineMessages), so every app uses the one language and dictionary (docs/architecture.md "Languages").',
        },
      ],
    },
  },
  {
    // Inside @portal/shared, modules import each other by package name: Module Federation shares
    // '@portal/shared/...' requests only, so a relative import would give a remote its own copy
    // of a store or of the API client.
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: apps.flatMap((a) => [a, `${a}/*`, `**/${a}/**`]), message: '@portal/shared depends on no app.' },
            {
              group: ['./*', '../*', '!./*.css', '!../*.css', '!../**/*.css'],
              message: "Import other shared modules as '@portal/shared/...', so federation shares one instance.",
            },
          ],
        },
      ],
    },
  },
  {
    // The API's layers and no import cycles (tests import freely: they sit above everything).
    files: ['api/src/**/*.{ts,cjs}', 'api/bench/**/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.cjs', '.mjs', '.js', '.json'] })],
      // Which files no-cycle reads for their imports (by default .js only, so a .ts cycle went unseen).
      'import-x/extensions': ['.ts', '.cjs', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: apiZones }],
      'import-x/no-cycle': 'error',
    },
  },
);
