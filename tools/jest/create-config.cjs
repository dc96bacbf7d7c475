// One Jest setup for every package: @swc/jest for TS/TSX, jsdom for UI packages, node for the API.
const path = require('node:path');

/**
 * @param {{ displayName: string, rootDir: string, environment?: 'jsdom' | 'node', setupFiles?: string[] }} options
 */
module.exports = function createJestConfig({ displayName, rootDir, environment = 'jsdom', setupFiles = [] }) {
  const isDom = environment === 'jsdom';
  return {
    displayName,
    rootDir,
    testEnvironment: isDom ? 'jsdom' : 'node',
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$|\\.mjs$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // Lingui ships ES modules only (with its message compiler's own): compiled to CommonJS like ours.
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(@lingui|@messageformat|@noble)[+/])'],
    // The federation runtime as the builds define it (experiments.optimization in
    // tools/rspack/create-config.mjs): no manifest (snapshot) support, the browser's loading paths.
    ...(isDom ? { globals: { FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true, ENV_TARGET: 'web' } } : {}),
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'style-stub.cjs'),
    },
    // Browser APIs jsdom lacks (TextEncoder, Request, ...) must exist before react-router loads.
    setupFiles: isDom ? [path.join(__dirname, '..', '..', 'shared', 'src', 'testing', 'polyfills.tsx')] : [],
    setupFilesAfterEnv: [...(isDom ? [path.join(__dirname, 'setup-dom.cjs')] : []), ...setupFiles],
    clearMocks: true,
    restoreMocks: true,
  };
};
