// The table of remotes (shared/src/remotes.json) is the one source of each app's federation name,
// key and port: every rspack config, tools/apps.mjs and the served config.json agree with it.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { API_PORT, APPS_TABLE_FILE, FRONT_END_APPS, HOST_APP, REMOTE_APPS, appDir } from './apps.mjs';
import { RuntimeConfigPlugin, federationRuntimeAsEsm } from './rspack/create-config.mjs';
import { localRuntimeConfig } from './runtime-config.mjs';
import { startHostServer } from './serve.mjs';

const table = JSON.parse(readFileSync(APPS_TABLE_FILE, 'utf8'));

async function rspackConfig(name) {
  return (await import(pathToFileURL(path.join(appDir(name), 'rspack.config.mjs')).href)).default;
}

describe('the table of remotes', () => {
  it('is what tools/apps.mjs lists', () => {
    assert.deepEqual(
      REMOTE_APPS.map(({ name, federationName, key, port }) => ({ package: name, federationName, key, port })),
      table.remotes,
    );
    assert.deepEqual({ package: HOST_APP.name, federationName: HOST_APP.federationName, port: HOST_APP.port }, table.host);
    assert.equal(API_PORT, table.apiPort);
    const ports = [...FRONT_END_APPS.map((app) => app.port), API_PORT];
    assert.equal(new Set(ports).size, ports.length, 'every app has a port of its own');
  });

  for (const app of FRONT_END_APPS) {
    it(`gives ${app.name}'s rspack config its federation name, port and package`, async () => {
      const config = await rspackConfig(app.name);
      const federation = config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
      assert.equal(federation._options.name, app.federationName);
      assert.equal(federation._options.manifest, true);
      // Remotes are registered by their remoteEntry.js: the runtime carries no manifest (snapshot) support.
      assert.deepEqual(federation._options.experiments.optimization, { disableSnapshot: true, target: 'web' });
      assert.equal(config.output.uniqueName, app.federationName);
      assert.equal(config.devServer.port, app.port);
      assert.equal(JSON.parse(readFileSync(path.join(appDir(app.name), 'package.json'), 'utf8')).name, app.name);
      assert.ok(
        config.plugins.some((plugin) => plugin instanceof RuntimeConfigPlugin),
        'the build emits config.json',
      );
      assert.ok(config.devServer.proxy.every((rule) => rule.target === `http://localhost:${API_PORT}`));
    });
  }

  it('makes the runtime config: one remoteEntry.js URL per remote, on its port', () => {
    const config = localRuntimeConfig();
    assert.equal(table.entry, 'remoteEntry.js');
    assert.deepEqual(config.remotes, Object.fromEntries(table.remotes.map((remote) => [remote.key, `http://localhost:${remote.port}/${table.entry}`])));
    assert.equal(config.auth.serverUrl, `http://localhost:${table.host.port}`);
  });

  it('bundles the federation runtime from its ES modules in production, one file per package', async () => {
    const alias = federationRuntimeAsEsm();
    const packages = ['webpack-bundler-runtime', 'runtime', 'runtime-core', 'sdk', 'error-codes'];
    for (const name of packages) {
      const esm = alias[`@module-federation/${name}$`];
      assert.match(esm, /\.m?js$/, name);
      assert.ok(existsSync(esm), esm);
      const cjs = Object.keys(alias).filter((from) => alias[from] === esm && from !== `@module-federation/${name}$`);
      assert.equal(cjs.length, 1, name);
      assert.match(cjs[0], /\.cjs$/);
    }
    for (const app of FRONT_END_APPS) assert.deepEqual((await rspackConfig(app.name)).resolve.alias, alias, app.name);
  });

  it('keeps no hand-written config.json in any app', () => {
    for (const app of FRONT_END_APPS) assert.equal(existsSync(path.join(appDir(app.name), 'public', 'config.json')), false, app.name);
  });

  it('is what a build emits as config.json, and what the host serves', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
    try {
      writeFileSync(path.join(dir, 'index.js'), 'export {};\n');
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
      const dist = path.join(dir, 'dist');
      await new Promise((resolve, reject) => {
        rspack({ mode: 'production', context: dir, entry: './index.js', output: { path: dist }, plugins: [new RuntimeConfigPlugin()] }).run((error, stats) =>
          error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve(stats),
        );
      });
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
      const host = await startHostServer({ root: dist, port: 0, configPath: path.join(dist, 'config.json'), apiUrl: 'http://127.0.0.1:9' });
      try {
        const served = await fetch(`http://127.0.0.1:${host.server.address().port}/config.json`).then((response) => response.json());
        // With the page lists of the remotes that answer (serve/page-lists.mjs): none run here.
        assert.deepEqual(served, { ...localRuntimeConfig(), pages: {} });
      } finally {
        await host.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
