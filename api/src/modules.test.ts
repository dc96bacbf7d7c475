// The module rules of docs/architecture.md ("API modules"), checked: SQL only in repository files,
// the app user record made once per sign-in, and one ownership hook over every /api/users/:userId route.
import fs from 'node:fs';
import path from 'node:path';
import type * as UsersRepository from './users/repository';
import { apiRoutes, alexIds, samIds } from './test/routes';
import { FRONT_END, createTestApp, signInAlex } from './test/helpers';
import type { SignedIn, TestApp } from './test/helpers';

// Every call of ensureAppUser, counted (the real function still runs). A plain counter, not a
// jest.fn: the shared Jest config resets mocks between tests.
const mockEnsureCalls = { count: 0 };
jest.mock('./users/repository', () => {
  const actual = jest.requireActual<typeof UsersRepository>('./users/repository');
  return {
    ...actual,
    ensureAppUser: (...args: Parameters<typeof actual.ensureAppUser>) => {
      mockEnsureCalls.count += 1;
      return actual.ensureAppUser(...args);
    },
  };
});

const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
// A Kysely query (select, insert, update, delete, merge, replace, a select with no table) or raw SQL.
const QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom)\s*\(|\bsql\s*(<[^>]*>)?\s*`|\bsql\.(raw|ref|lit|id|table|join|val)\s*\(/;
const isRepository = (file: string) => /(^|\/|-)repository\.ts$/.test(file);
// Tests' own helpers read the database to set up and check; db/ holds migrations, seed and connect.
const exempt = (file: string) => file.startsWith('db/') || file.startsWith('test/');

describe('module rules', () => {
  it('runs SQL (Kysely queries, raw sql) only in repository files (and db/)', () => {
    const offenders = sourceFiles(SRC)
      .map(rel)
      .filter((file) => !exempt(file) && !isRepository(file) && QUERY.test(fs.readFileSync(path.join(SRC, file), 'utf8')))
      .sort();
    expect(offenders).toEqual([]);
  });

  it('auth/ownership.ts and files/pdf run no SQL and import no demo-seed code', () => {
    const files = ['auth/ownership.ts', ...sourceFiles(path.join(SRC, 'files/pdf')).map(rel)];
    for (const file of files) {
      const text = fs.readFileSync(path.join(SRC, file), 'utf8');
      expect({ file, query: QUERY.test(text), demo: /db\/demo/.test(text) }).toEqual({ file, query: false, demo: false });
    }
  });

  it('calls ensureAppUser only where a session starts and at registration', () => {
    const callers = sourceFiles(SRC)
      .map(rel)
      .filter((file) => file !== 'users/repository.ts' && /\bensureAppUser\(/.test(fs.readFileSync(path.join(SRC, file), 'utf8')))
      .sort();
    expect(callers).toEqual(['auth/protocol-routes.ts', 'auth/registration.ts']);
  });
});

describe('the app user record and the /api/users/:userId scope', () => {
  let t: TestApp;
  let alex: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    mockEnsureCalls.count = 0;
    alex = await signInAlex(t.app);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, body?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: alex.jar.header(), origin: FRONT_END, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });

  it('ensures the app user once, at sign-in, and not on the requests that follow', async () => {
    expect(mockEnsureCalls.count).toBe(1);
    expect((await call('GET', '/api/users/authorised')).statusCode).toBe(200);
    expect((await call('PATCH', `/api/users/${alexIds.userId}`, { privacyPolicyAccepted: true })).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${alexIds.userId}/linking_code_email/${encodeURIComponent(alexIds.email)}`)).statusCode).toBe(200);
    expect(mockEnsureCalls.count).toBe(1);
  });

  it('refuses another user on every route of the scope (403), and every route of the API with :userId is in the table', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const scoped = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/users/{userId}'))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    const key = (method: string, route: string) => `${method} ${route.replace(/:(\w+)/g, '{$1}')}`;
    const cases = apiRoutes.filter((r) => r.route.startsWith('/api/users/:userId'));
    expect(cases.map((r) => key(r.method, r.route)).sort()).toEqual(scoped);
    expect(scoped.length).toBeGreaterThanOrEqual(10);
    for (const r of cases) {
      // Alex's own ids everywhere except the user in the path, which is Sam's.
      const res = await call(r.method, r.url({ ...alexIds, userId: samIds.userId }), r.body);
      expect({ route: key(r.method, r.route), status: res.statusCode }).toEqual({ route: key(r.method, r.route), status: 403 });
    }
  });
});
