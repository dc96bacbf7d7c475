// The host's landing page in index.html itself (issue 17, point 3): the build renders the signed-out
// landing page (host/src/static-landing/static-landing.tsx) into the page's #root, hidden, with the
// small script that shows it when nobody is signed in (host/src/static-landing/reveal.js). A visitor
// sees the landing page as soon as the HTML and that script arrive, not after the whole shell; the
// app's first render replaces it with the same markup.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { rspack } from '@rspack/core';

const NAME = 'PortalStaticLanding';
const ROOT_ELEMENT = '<div id="root"></div>';

/** The landing markup, rendered in a Node process of its own in the host's folder (its tsconfig, fresh modules). */
async function renderMarkup(appDir, renderPath) {
  const runner = path.join(import.meta.dirname, 'render-static-landing.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', runner, renderPath], { cwd: appDir });
  return stdout;
}

/** The reveal script's file name, hashed as the bundles are (served immutable, like them). */
function revealFileName(source) {
  return `static-landing.${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
}

/** index.html with the landing markup inside #root and the reveal script right after it. */
export function withStaticLanding(html, { markup, revealSrc }) {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`${NAME}: index.html has no ${ROOT_ELEMENT} to render the landing page into`);
  return html.replace(ROOT_ELEMENT, `<div id="root">${markup}</div><script src="${revealSrc}"></script>`);
}

export class StaticLandingPlugin {
  /** @param {{ appDir: string, publicPath?: string }} options the host's folder */
  constructor({ appDir, publicPath = '/' }) {
    this.appDir = appDir;
    this.sourceDir = path.join(appDir, 'src', 'static-landing');
    this.publicPath = publicPath;
  }

  apply(compiler) {
    const revealPath = path.join(this.sourceDir, 'reveal.js');
    const renderPath = path.join(this.sourceDir, 'static-landing.tsx');
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const revealSource = readFileSync(revealPath, 'utf8');
      const revealFile = revealFileName(revealSource);
      compilation.fileDependencies.add(revealPath);
      compilation.hooks.processAssets.tap({ name: NAME, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(revealFile, new rspack.sources.RawSource(revealSource));
      });
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(NAME, async (data) => {
        const markup = await renderMarkup(this.appDir, renderPath);
        data.html = withStaticLanding(data.html, { markup, revealSrc: `${this.publicPath}${revealFile}` });
        return data;
      });
    });
  }
}
