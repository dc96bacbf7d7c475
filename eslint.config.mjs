// Lint for the whole workspace. The import rules keep the one-way flow of docs/architecture.md "Parts":
// shared -> remotes -> host, a remote never imports another remote or the host, and a remote
// reaches the host's state only through @portal/shared/contract.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
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
  // Host, remotes and shared's browser modules (all of shared but the wire schemas and its tests).
  {
    files: [...apps.map((app) => `${app}/src/**/*.{ts,tsx}`), 'shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/wire.ts', 'shared/src/wire/**', 'shared/src/**/*.test.{ts,tsx}'],
    rules: wireTypesOnly,
  },
  {
    // Routing comes from @portal/shared/router and TanStack Query from @portal/shared/query: a direct
    // import of react-router-dom or @tanstack/react-query would bundle a second copy, whose context the
    // others cannot see (tests build their own routers and clients).
    files: [...apps.map((app) => `${app}/src/**/*.{ts,tsx}`), 'shared/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'shared/src/testing/**', 'shared/src/router.ts', 'shared/src/query.ts'],
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
);
