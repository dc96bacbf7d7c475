// API tests run against a real database: SQLite by default, PostgreSQL when TEST_DATABASE_URL is set
// (each test file gets its own schema there). jose, cookie@2 and Lingui (with its message compiler's
// @messageformat) ship ES modules only and @fastify/cookie loads cookie with import(), which Jest cannot
// run natively: all are transformed.
const base = require('../tools/jest/create-config.cjs')({ displayName: 'api', rootDir: __dirname, environment: 'node' });

module.exports = {
  ...base,
  displayName: process.env.TEST_DATABASE_URL ? 'api (postgresql)' : 'api (sqlite)',
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/(jose|cookie|@fastify\\+cookie|@lingui\\+[^@/]+|@messageformat\\+[^@/]+)@[^/]+/node_modules/)?(jose|cookie|@fastify/cookie|@lingui/[^/]+|@messageformat/[^/]+)/)',
  ],
  testTimeout: 30000,
};
