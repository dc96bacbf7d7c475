// The host's landing page in index.html itself: the build renders the signed-out
// landing page (host/src/static-landing/static-landing.tsx) into the page's #root, hidden, with the
// page's one script of its own right after it (host/src/static-landing/boot.js). The app's entry
// scripts are not in the HTML: they are listed on that script's tag (data-app-scripts), and it adds
// them only when the visit needs the app, after fetching the runtime config named beside them
// (data-runtime-config: its fetch preload leaves <head>, or it would download on the landing page too;
// the app takes boot.js's response; the page lists in it tell boot.js which remote's entry serves the
// first route, to preload beside the app's scripts). A signed-out visitor at the landing page downloads
// the HTML, its stylesheet and that script, nothing more.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { rspack } from '@rspack/core';

const NAME = 'PortalStaticLanding';
const ROOT_ELEMENT = '<div id="root"></div>';

/** The landing markup, from the host's sources in a Node process of its own in the host's folder (its tsconfig, fresh modules). */
async function renderFromSources(appDir, sourcePaths) {
  const runner = path.join(import.meta.dirname, 'render-static-landing.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', runner, ...sourcePaths], { cwd: appDir });
  return JSON.parse(stdout);
}

/** The boot script's file name, hashed as the bundles are (served immutable, like them). */
function bootFileName(source) {
  return `boot.${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
}

/**
 * index.html with the landing markup inside #root and the boot script right after it, carrying the
 * app's entry scripts (their addresses, in the build's order) for it to add when needed.
 */
export function withStaticLanding(html, { markup, bootSrc, appScripts, appPreloads = [], runtimeConfig }) {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`${NAME}: index.html has no ${ROOT_ELEMENT} to render the landing page into`);
  const others = appPreloads.filter((href) => href !== runtimeConfig);
  if (others.length > 0) throw new Error(`${NAME}: boot.js fetches the runtime config only, not ${others.join(', ')}`);
  // boot.js fetches the runtime config (one request, which the app takes) and reads the first route's remote entry from it.
  const config = appPreloads.length > 0 ? ` data-runtime-config="${runtimeConfig}"` : '';
  return html.replace(ROOT_ELEMENT, `<div id="root">${markup}</div><script src="${bootSrc}" data-app-scripts="${appScripts.join(' ')}"${config}></script>`);
}

/** A `<link rel="preload" as="fetch">` in <head> (the runtime config's): only the app needs what it fetches. */
function isFetchPreload({ tagName, attributes }) {
  return tagName === 'link' && attributes.rel === 'preload' && attributes.as === 'fetch';
}

/**
 * The addresses of the fetch preloads in <head>. boot.js fetches the runtime config's itself (a plain
 * fetch: the request such a preload makes), before the entry scripts, only when the visit needs the app,
 * so the signed-out landing page fetches none.
 */
export function fetchPreloadSources(headTags) {
  return headTags.filter(isFetchPreload).map(({ attributes }) => {
    const { href, crossorigin } = attributes;
    if (crossorigin !== true || typeof href !== 'string' || /[\s"&<]/.test(href)) {
      throw new Error(`${NAME}: boot.js adds crossorigin fetch preloads only, not ${JSON.stringify(attributes)}`);
    }
    return href;
  });
}

/**
 * The addresses of the build's entry script tags. boot.js adds them back as ordered, non-async
 * scripts, which is what deferred classic scripts are: any other kind of tag would be changed, so it is refused.
 */
export function entryScriptSources(tags) {
  return tags.map(({ attributes }) => {
    const { src, defer, ...others } = attributes;
    if (defer !== true || Object.keys(others).length > 0 || typeof src !== 'string' || /[\s"&<]/.test(src)) {
      throw new Error(`${NAME}: boot.js adds deferred classic scripts only, not ${JSON.stringify(attributes)}`);
    }
    return src;
  });
}

export class StaticLandingPlugin {
  /**
   * @param {{ appDir: string, publicPath?: string, runtimeConfig?: string }} options the host's folder; the
   *   runtime config's address (its fetch preload's), from which boot.js reads the first route's remote entry
   */
  constructor({ appDir, publicPath = '/', runtimeConfig = '/config.json' }) {
    this.appDir = appDir;
    this.runtimeConfig = runtimeConfig;
    this.sourceDir = path.join(appDir, 'src', 'static-landing');
    this.publicPath = publicPath;
  }

  apply(compiler) {
    const bootPath = path.join(this.sourceDir, 'boot.js');
    const sourcePaths = [path.join(this.sourceDir, 'static-landing.tsx')];
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const bootSource = readFileSync(bootPath, 'utf8');
      const bootFile = bootFileName(bootSource);
      compilation.fileDependencies.add(bootPath);
      compilation.hooks.processAssets.tap({ name: NAME, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(bootFile, new rspack.sources.RawSource(bootSource));
      });
      const htmlHooks = rspack.HtmlRspackPlugin.getCompilationHooks(compilation);
      let appScripts = [];
      let appPreloads = [];
      // The entry scripts leave the HTML; their tags' attributes go to the boot script (the stylesheet stays in <head>).
      htmlHooks.alterAssetTags.tapPromise(NAME, async (data) => {
        appScripts = entryScriptSources(data.assetTags.scripts);
        data.assetTags.scripts = [];
        return data;
      });
      // Fetch preloads (the runtime config's, tools/rspack/create-config.mjs) leave <head> as well.
      htmlHooks.alterAssetTagGroups.tapPromise(NAME, async (data) => {
        appPreloads = fetchPreloadSources(data.headTags);
        data.headTags = data.headTags.filter((tag) => !isFetchPreload(tag));
        return data;
      });
      htmlHooks.beforeEmit.tapPromise(NAME, async (data) => {
        const { markup } = await renderFromSources(this.appDir, sourcePaths);
        const { runtimeConfig } = this;
        data.html = withStaticLanding(data.html, { markup, bootSrc: `${this.publicPath}${bootFile}`, appScripts, appPreloads, runtimeConfig });
        return data;
      });
    });
  }
}
