// Builds the remote in APPDIR with the portal's one Rspack config (tools/rspack/create-config.mjs), as
// its team's release would: `node e2e/support/build-remote.mjs APPDIR`. A process of its own: the
// config is an ES module using import.meta, which Playwright's loader would compile to CommonJS.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { createAppConfig } from '../../tools/rspack/create-config.mjs';

const appDir = path.resolve(process.argv[2] ?? '');
const config = createAppConfig({ appDir, remote: true, title: `${path.basename(appDir)} (standalone)` });
const stats = await new Promise((resolve, reject) => rspack(config).run((error, result) => (error ? reject(error) : resolve(result))));
if (stats.hasErrors()) {
  console.error(stats.toString('errors-only'));
  process.exit(1);
}
console.log(`built ${pathToFileURL(path.join(appDir, 'dist')).href}`);
