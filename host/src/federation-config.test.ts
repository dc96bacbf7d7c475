/**
 * @jest-environment node
 */
// The federation config's claims of docs/architecture.md "Host–remote contract", read from the real
// tools/rspack/shared-dependencies.mjs (an ES module, so a child node process evaluates it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

type SharedConfig = { singleton: boolean; requiredVersion: string | false; strictVersion?: boolean; import?: false; eager?: boolean };

function sharedFor(app: string, mode: 'production' | 'development', env: Record<string, string> = {}): Record<string, SharedConfig> {
  const script = `
    import { createRequire } from 'node:module';
    import { createSharedDependencies } from './tools/rspack/shared-dependencies.mjs';
    const appPackage = createRequire(import.meta.url)('./${app}/package.json');
    const role = '${app}' === 'host' ? 'host' : 'remote';
    console.log(JSON.stringify(createSharedDependencies(appPackage, { role, mode: '${mode}', env: ${JSON.stringify(env)} })));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Record<string, SharedConfig>;
}

describe('the contract in the federation config', () => {
  it('is @portal/shared 1.x: a semver range, one instance, and a refusal of any other major', () => {
    const host = sharedFor('host', 'production');
    // Eager in the host's production build: its chunks are entry scripts, downloaded beside main.
    expect(host['@portal/shared']).toEqual({ singleton: true, requiredVersion: '^1.0.0', strictVersion: true, eager: true });
    // No prefix share: the host names each module (a prefix would make the lazy ones eager again).
    expect(host['@portal/shared/']).toBeUndefined();
    expect(sharedFor('host', 'development')['@portal/shared/']).toBeDefined();
    expect(sharedFor('host', 'development')['@portal/shared']?.eager).toBeUndefined();
    // Other singletons only warn on a mismatch.
    expect(host.react?.strictVersion).toBeUndefined();
  });

  it('is provided whole by the host, also the modules only remotes import', () => {
    const host = sharedFor('host', 'production');
    for (const request of ['@portal/shared/contract', '@portal/shared/react/use-file-download', '@portal/shared/ui/ui.css']) {
      expect(host[request]).toMatchObject({ singleton: true, requiredVersion: '^1.0.0', strictVersion: true });
    }
    expect(Object.keys(host).filter((key) => key.includes('/testing/') || key.endsWith('.test'))).toEqual([]);
  });

  it('is only consumed by a deployed remote, which brings no copy of its own', () => {
    expect(sharedFor('remote-pay', 'production')['@portal/shared/']).toEqual({
      singleton: true,
      requiredVersion: '^1.0.0',
      strictVersion: true,
      import: false,
    });
    // The standalone harness (a development build) has no host to provide it.
    expect(sharedFor('remote-pay', 'development')['@portal/shared/']?.import).toBeUndefined();
  });

  it('can be built for another range, as the e2e journey of an incompatible remote does', () => {
    expect(sharedFor('remote-pay', 'production', { PORTAL_SHARED_REQUIRED_VERSION: '^2.0.0' })['@portal/shared/']?.requiredVersion).toBe('^2.0.0');
  });

  it('shares routing and TanStack Query only through their facades in the contract, not whole', () => {
    const host = sharedFor('host', 'production');
    expect(Object.keys(host).filter((key) => key.startsWith('react-router') || key.startsWith('@tanstack/'))).toEqual([]);
    expect(host['@portal/shared/router']).toMatchObject({ singleton: true, strictVersion: true });
    expect(host['@portal/shared/query']).toMatchObject({ singleton: true, strictVersion: true });
    // A deployed remote brings no TanStack Query of its own: it takes the host's facade.
    expect(Object.keys(sharedFor('remote-pay', 'production')).filter((key) => key.startsWith('@tanstack/'))).toEqual([]);
  });

  it("provides lazily only modules that no eager code imports: the host's, the rest of the contract, Home's page", () => {
    const host = sharedFor('host', 'production');
    const lazy = Object.keys(host).filter((request) => request.startsWith('@portal/shared/') && host[request]?.eager === false);
    expect(lazy).toEqual(lazyContractModules());
    expect(lazy).toContain('@portal/shared/pay-insights/what-changed');
    // Every other module of the contract stays eager in the host's main entry.
    const eagerContract = Object.keys(host).filter((request) => request.startsWith('@portal/shared/') && host[request]?.eager === true);
    expect(eagerContract).toEqual(expect.arrayContaining(['@portal/shared/api/client', '@portal/shared/query', '@portal/shared/ui/ui.css']));
    // An eager module that imported a lazy one would fail at run time ("not available for eager
    // consumption"); Home's page importing one would cost Home a request.
    const sharedSrc = path.join(root, 'shared', 'src');
    const eagerFiles = eagerContract
      .filter((request) => !request.endsWith('.css'))
      .map((request) => sourceFile(path.join(sharedSrc, request.slice('@portal/shared/'.length))));
    const importers = [...sourceFiles(path.join(root, 'host', 'src')), ...eagerFiles, path.join(root, 'remote-pay', 'src', 'exposed', 'HomePage.ts')];
    const reached = staticSharedImports(importers);
    expect(lazy.filter((request) => reached.has(request))).toEqual([]);
  });
});

/** HOST_LAZY_CONTRACT_MODULES of tools/rspack/shared-dependencies.mjs. */
function lazyContractModules(): string[] {
  const script = `import { HOST_LAZY_CONTRACT_MODULES } from './tools/rspack/shared-dependencies.mjs'; console.log(JSON.stringify(HOST_LAZY_CONTRACT_MODULES));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

/** The .ts/.tsx file of a module path without its extension. */
function sourceFile(base: string): string {
  const file = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((extension) => base + extension).find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`No source file for ${base}`);
  return file;
}

/** A folder's source files, without tests and test helpers. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'testing' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * Every `@portal/shared/...` module the files import for a value, statically, following relative
 * imports (not `import type`, which the build erases; a dynamic import() is a chunk of its own).
 */
function staticSharedImports(files: string[]): Set<string> {
  const seen = new Set<string>();
  const reached = new Set<string>();
  const pending = [...files];
  const statement = /^\s*(?:import|export)\s+(?!type\b)([^'";]*?)\s*from\s*'([^']+)'|^\s*import\s+'([^']+)'/gm;
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, clause = '', from, bare] of readFileSync(file, 'utf8').matchAll(statement)) {
      const request = from ?? bare ?? '';
      const names = /^\{([^}]*)\}$/
        .exec(clause.trim())?.[1]
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      if (names && names.every((name) => name.startsWith('type '))) continue;
      if (request.startsWith('@portal/shared/')) {
        reached.add(request);
        if (!request.endsWith('.css')) pending.push(sourceFile(path.join(root, 'shared', 'src', request.slice('@portal/shared/'.length))));
      } else if (request.startsWith('.') && !request.endsWith('.css') && !request.endsWith('.json')) {
        pending.push(sourceFile(path.resolve(path.dirname(file), request)));
      }
    }
  }
  return reached;
}
