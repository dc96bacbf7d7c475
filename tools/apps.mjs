// The front-end apps of the workspace and their local ports, from the one table of remotes
// (shared/src/remotes.json; docs/architecture.md "Apps and ports").
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export const APPS_TABLE_FILE = path.join(ROOT, 'shared', 'src', 'remotes.json');

const table = JSON.parse(readFileSync(APPS_TABLE_FILE, 'utf8'));

/** The file each remote's manifest is written as ('mf-manifest.json'): build tools read it; the browser does not. */
export const MANIFEST_FILE = table.manifest;

/** The file the host registers each remote by ('remoteEntry.js'): docs/architecture.md "Federation". */
export const ENTRY_FILE = table.entry;

export const HOST_APP = { name: table.host.package, federationName: table.host.federationName, port: table.host.port };

/** Each remote: package name, federation name, runtime-config key and local port. */
export const REMOTE_APPS = table.remotes.map((remote) => ({
  name: remote.package,
  federationName: remote.federationName,
  key: remote.key,
  port: remote.port,
}));

export const FRONT_END_APPS = [HOST_APP, ...REMOTE_APPS];

export const API_PORT = table.apiPort;

/** The row of the table for a package ('host', 'remote-pay', ...). */
export function frontEndApp(name) {
  const app = FRONT_END_APPS.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`${name} is not an app of ${path.relative(ROOT, APPS_TABLE_FILE)}`);
  return app;
}

/** Where a remote's entry is served locally, e.g. http://localhost:3002/remoteEntry.js. */
export function localEntryUrl(remote) {
  return `http://localhost:${remote.port}/${ENTRY_FILE}`;
}

export function appDir(name) {
  return path.join(ROOT, name);
}

export function distDir(name) {
  return path.join(ROOT, name, 'dist');
}
