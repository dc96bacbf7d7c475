// The runtime config of a local run (`/config.json`), made from the table of remotes: every app
// build emits it as dist/config.json (the host's is what `pnpm start` serves unless PORTAL_CONFIG
// names another file; a remote's standalone harness reads its own). docs/architecture.md "Runtime config".
//   node tools/runtime-config.mjs FILE    writes it to FILE (the e2e run's own copy)
//   node tools/runtime-config.mjs --with-page-lists IN OUT
//                                         writes IN with each remote's page list fetched from beside its
//                                         entry, for a static host whose server does not add them (tools/serve.mjs does)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HOST_APP, REMOTE_APPS, localEntryUrl } from './apps.mjs';
import { createPageLists } from './serve/page-lists.mjs';

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

/** Writes the config of `inFile` to `outFile` with every remote's page list; throws naming the remotes whose list did not come. */
export async function writeWithPageLists(inFile, outFile) {
  const config = JSON.parse(readFileSync(inFile, 'utf8'));
  const composed = await createPageLists()(config, 'http://localhost/');
  const missing = Object.keys(config.remotes ?? {}).filter((key) => composed.pages?.[key] === undefined);
  if (missing.length > 0) throw new Error(`no page list could be fetched for ${missing.join(', ')}`);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(composed, null, 2)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [first, inFile, outFile] = process.argv.slice(2);
  if (first === '--with-page-lists' && inFile && outFile) await writeWithPageLists(inFile, outFile);
  else if (first && first !== '--with-page-lists') writeLocalRuntimeConfig(first);
  else throw new Error('usage: node tools/runtime-config.mjs FILE | --with-page-lists IN OUT');
}
