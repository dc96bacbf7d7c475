// A remote's pages (docs/architecture.md "Pages and routes"): every module of its src/exposed/ is
// exposed under its file name, and its page list (src/pages.ts) is published beside remoteEntry.js as
// pages.json, checked, for the runtime config to carry to the host.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { rspack } from '@rspack/core';

const NAME = 'PortalPageList';
export const PAGE_LIST_FILE = 'pages.json';

/** `{ './HomePage': './src/exposed/HomePage.ts', … }`: one exposed module per file of src/exposed/. */
export function exposedModules(appDir) {
  const dir = path.join(appDir, 'src', 'exposed');
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => /^[A-Za-z]\w*\.tsx?$/.test(file))
      .sort()
      .map((file) => [`./${file.replace(/\.tsx?$/, '')}`, `./src/exposed/${file}`]),
  );
}

/** The page list of the remote in `appDir`, read from its sources and checked (a Node process of its own, under tsx). */
export async function readPageList(appDir) {
  const runner = path.join(import.meta.dirname, 'render-page-list.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', runner, appDir], { cwd: appDir });
  return JSON.parse(stdout);
}

/** What is wrong between a page list and the modules a remote exposes, or null. */
export function unexposedPages(pages, exposes) {
  const missing = [...new Set(pages.map((page) => page.expose))].filter((expose) => !(expose in exposes));
  return missing.length === 0 ? null : `src/pages.ts names ${missing.join(', ')}, which src/exposed/ does not have`;
}

export class PageListPlugin {
  /** @param {{ appDir: string, exposes: Record<string, string> }} options */
  constructor({ appDir, exposes }) {
    this.appDir = appDir;
    this.exposes = exposes;
  }

  apply(compiler) {
    const source = path.join(this.appDir, 'src', 'pages.ts');
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.fileDependencies.add(source);
      compilation.hooks.processAssets.tapPromise({ name: NAME, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        try {
          const pages = await readPageList(this.appDir);
          const problem = unexposedPages(pages, this.exposes);
          if (problem) throw new Error(problem);
          compilation.emitAsset(PAGE_LIST_FILE, new rspack.sources.RawSource(`${JSON.stringify(pages, null, 2)}\n`));
        } catch (error) {
          compilation.errors.push(new rspack.WebpackError(`${NAME}: ${error instanceof Error ? error.message : String(error)}`));
        }
      });
    });
  }
}
