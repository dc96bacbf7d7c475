// Makes the host installable and usable offline (docs/architecture.md "Offline"), in
// production builds: emits the web app manifest and its icons, links them from index.html, and
// builds the service worker (host/src/offline/service-worker.ts) into sw.js with the precache
// manifest of the host's own files put in. The worker is bundled by a small Rspack run of its own
// (Workbox's runtime modules, no workbox-build: its generateSW/injectManifest bring Rollup and Babel
// to do what these few lines do with the compiler we already have).
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';

const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css)$/;

/** Built files that are not the shell: live files (network only while online), maps, the never-loaded contract entry. */
const NOT_PRECACHED = [/\.map$/, /^config\.json$/, /^mf-(manifest|stats)\.json$/, /^remoteEntry\.js$/, /^contract-modules\./, /^sw\.js$/, /^\.build-stamp$/];

/** The precache manifest of a list of built files: hashed names need no revision, the rest carry a hash of their content. */
export function precacheEntries(assets) {
  return assets
    .filter(({ name }) => !NOT_PRECACHED.some((pattern) => pattern.test(name)))
    .map(({ name, content }) => ({
      url: `/${name}`,
      revision: HASHED_FILE.test(name) ? null : createHash('sha256').update(content).digest('hex').slice(0, 16),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** The tags index.html gets: the manifest, the theme colour and the icons. */
export function headTags(themeColour) {
  return [
    '<link rel="manifest" href="/manifest.webmanifest" />',
    `<meta name="theme-color" content="${themeColour}" />`,
    '<link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />',
    '<link rel="apple-touch-icon" href="/icons/icon-192.png" />',
  ].join('');
}

async function bundleServiceWorker({ entry, context, manifest }) {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'portal-sw-'));
  try {
    const compiler = rspack({
      mode: 'production',
      context,
      entry: { sw: entry },
      target: 'webworker',
      devtool: false,
      output: { path: outDir, filename: 'sw.js', iife: true },
      resolve: { extensions: ['.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.ts$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' } } },
            type: 'javascript/auto',
          },
        ],
      },
      plugins: [new rspack.DefinePlugin({ __PORTAL_PRECACHE__: JSON.stringify(manifest), 'process.env.NODE_ENV': JSON.stringify('production') })],
      optimization: { splitChunks: false, runtimeChunk: false },
      performance: { hints: false },
      stats: 'errors-only',
    });
    const stats = await new Promise((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result))));
    await new Promise((resolve) => compiler.close(resolve));
    if (stats.hasErrors()) throw new Error(`the service worker did not build:\n${stats.toString('errors-only')}`);
    return await readFile(path.join(outDir, 'sw.js'));
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

export class OfflinePlugin {
  /**
   * @param {object} options
   * @param {string} options.serviceWorker  the worker's source (absolute path)
   * @param {string} options.webManifest    the web app manifest (absolute path)
   * @param {string} options.iconsDir       its icons, emitted under icons/
   * @param {string} options.themeColour
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    if (compiler.options.mode !== 'production') return;
    const { serviceWorker, webManifest, iconsDir, themeColour } = this.options;
    compiler.hooks.thisCompilation.tap('PortalOffline', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'PortalOffline', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        compilation.emitAsset('manifest.webmanifest', new rspack.sources.RawSource(await readFile(webManifest)));
        for (const icon of ['icon.svg', 'icon-192.png', 'icon-512.png']) {
          compilation.emitAsset(`icons/${icon}`, new rspack.sources.RawSource(await readFile(path.join(iconsDir, icon))));
        }
      });
      // Last, when every name and every byte of the shell is final.
      compilation.hooks.processAssets.tapPromise({ name: 'PortalOffline', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, async () => {
        const page = compilation.getAsset('index.html');
        if (!page) throw new Error('OfflinePlugin: the build made no index.html');
        const html = page.source
          .source()
          .toString()
          .replace(/<link rel="icon" href="data:,"\s*\/?>/, headTags(themeColour));
        compilation.updateAsset('index.html', new rspack.sources.RawSource(html));
        const manifest = precacheEntries(compilation.getAssets().map(({ name, source }) => ({ name, content: source.buffer() })));
        const worker = await bundleServiceWorker({ entry: serviceWorker, context: compiler.options.context, manifest });
        compilation.emitAsset('sw.js', new rspack.sources.RawSource(worker));
      });
    });
  }
}
