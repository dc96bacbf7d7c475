/**
 * @jest-environment node
 */
// The federation config's claims of docs/architecture.md "Host–remote contract", read from the real
// tools/rspack/shared-dependencies.mjs (an ES module, so a child node process evaluates it).
import { spawnSync } from 'node:child_process';
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
    // Eager in the host's production build: its chunks are entry scripts, downloaded beside main (issue 17).
    expect(host['@portal/shared']).toEqual({ singleton: true, requiredVersion: '^1.0.0', strictVersion: true, eager: true });
    expect(host['@portal/shared/']).toEqual(host['@portal/shared']);
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
});
