// Prints a remote's page list (its src/pages.ts) as JSON, checked by @portal/shared/pages as the host
// will check it. Run by page-list.mjs as `node --import tsx` in the remote's folder (its tsconfig).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** A module's default export, whether tsx loaded it as an ES module or as CommonJS (`{ default: { default } }`). */
async function defaultExport(file) {
  const { default: exported } = await import(pathToFileURL(file).href);
  return exported && typeof exported === 'object' && 'default' in exported ? exported.default : exported;
}

const appDir = process.argv[2];
const appRequire = createRequire(path.join(appDir, 'package.json'));
const { parsePageList } = await import(pathToFileURL(appRequire.resolve('@portal/shared/pages')).href);
const pages = await defaultExport(path.join(appDir, 'src', 'pages.ts'));
process.stdout.write(JSON.stringify(parsePageList(pages, path.basename(appDir))));
