// The runtime config of a local run (`/config.json`), made from the table of remotes: every app
// build emits it as dist/config.json (the host's is what `pnpm start` serves unless PORTAL_CONFIG
// names another file; a remote's standalone harness reads its own). docs/architecture.md "Runtime config".
//   node tools/runtime-config.mjs FILE    writes it to FILE (the e2e run's own copy)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HOST_APP, REMOTE_APPS, localEntryUrl } from './apps.mjs';

/** The support contact the portal shows (spec: from runtime config). */
const SUPPORT = { phone: '0800 029 4123', email: 'support@payportal.example' };

export function localRuntimeConfig() {
  return {
    remotes: Object.fromEntries(REMOTE_APPS.map((remote) => [remote.key, localEntryUrl(remote)])),
    auth: { serverUrl: `http://localhost:${HOST_APP.port}`, clientId: 'portal-web' },
    apiBaseUrl: '',
    authorisationHeader: null,
    support: SUPPORT,
  };
}

export function localRuntimeConfigText() {
  return `${JSON.stringify(localRuntimeConfig(), null, 2)}\n`;
}

/** Writes the local runtime config to `file` (a run's own copy, which tests may rewrite). */
export function writeLocalRuntimeConfig(file) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, localRuntimeConfigText());
  return file;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv[2]) throw new Error('usage: node tools/runtime-config.mjs FILE');
  writeLocalRuntimeConfig(process.argv[2]);
}
