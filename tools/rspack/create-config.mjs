// The one Rspack + Module Federation config that the host and the four remotes build from
// (docs/architecture.md "Federation"). Each app's rspack.config.mjs names only what is its own: whether
// it is a remote (which exposes its src/exposed/ and publishes its page list) and (for the host) its
// runtime plugins. Its federation name and port come from
// the table of remotes (tools/apps.mjs), and every build emits the local runtime config.json.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { API_PORT, frontEndApp } from '../apps.mjs';
import { localRuntimeConfig, localRuntimeConfigText } from '../runtime-config.mjs';
import { createPageLists } from '../serve/page-lists.mjs';
import { contractModuleRequests, createSharedDependencies } from './shared-dependencies.mjs';
import { PageListPlugin, exposedModules } from './page-list.mjs';
import { StaticLandingPlugin } from './static-landing.mjs';

/** The host's paths that belong to the API: the dev servers proxy them, as `pnpm start` does. */
const API_PREFIXES = ['/api', '/app', '/account'];

/**
 * `<link rel="preload" as="fetch" crossorigin>` of /config.json, first in <head>: the config starts
 * with the page instead of after the scripts, and loadRuntimeConfig's plain fetch takes
 * this response (@portal/shared/runtime-config). The host's production build replaces it by boot.js's
 * own fetch (tools/rspack/static-landing.mjs).
 */
export const RUNTIME_CONFIG_PRELOAD = { tagName: 'link', voidTag: true, attributes: { rel: 'preload', href: '/config.json', as: 'fetch', crossorigin: true } };

/** axios's fetch adapter, in whichever copy of axios: the browser bundles use its XHR adapter (axios-fetch-adapter-left-out.mjs). */
const AXIOS_FETCH_ADAPTER = /[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;

/** Emits config.json: the local runtime config (tools/runtime-config.mjs), one source for every app; the page preloads it. */
export class RuntimeConfigPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PortalRuntimeConfig', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PortalRuntimeConfig', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('config.json', new rspack.sources.RawSource(localRuntimeConfigText()));
      });
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise('PortalRuntimeConfig', async (data) => {
        data.headTags.unshift(RUNTIME_CONFIG_PRELOAD);
        return data;
      });
    });
  }
}

/** The host's dev server answers /config.json with the local config and the remotes' page lists (tools/serve/page-lists.mjs). */
function withComposedRuntimeConfig(middlewares) {
  const withPageLists = createPageLists();
  middlewares.unshift({
    name: 'portal-runtime-config',
    path: '/config.json',
    middleware: (request, response) => {
      withPageLists(localRuntimeConfig(), `http://${request.headers.host}/`).then((config) => {
        response.setHeader('Content-Type', 'application/json');
        response.setHeader('Cache-Control', 'no-cache, no-store');
        response.end(JSON.stringify(config));
      });
    },
  });
  return middlewares;
}

/**
 * The host provides every module of @portal/shared as a shared module of its own, and each would be
 * a file of its own (18–31 files of 0.3–1 KiB on a first page). They go in one chunk: one
 * request, still one instance of each module (the federation runtime hands out the host's copy).
 */
const portalSharedChunks = {
  cacheGroups: {
    portalShared: {
      // With it, the zustand middleware its sign-up store persists with (not a shared module: shared-dependencies.mjs),
      // TanStack Query (bundled into @portal/shared/query) and the table of remotes (remotes.json): left out,
      // each was a chunk of its own on every signed-in first page (Home 22 → 20 requests).
      test: /[\\/]shared[\\/]src[\\/].*\.(tsx?|json)$|[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@tanstack[\\/]|[\\/]zustand[\\/]esm[\\/]middleware\.mjs$/,
      name: 'portal-shared',
      // An entry script (eager in the host: shared-dependencies.mjs): it downloads beside main. Main's
      // only: the contract-modules entry (never loaded) keeps its own copy of the modules the host
      // provides lazily, which would otherwise be pulled in here.
      chunks: (chunk) => chunk.name === 'main',
      enforce: true,
    },
    // The @portal/shared modules the host provides lazily (HOST_LAZY_CONTRACT_MODULES): one chunk, and
    // their styles one stylesheet, for the pages that use them (not a stylesheet per module).
    portalSharedLazy: {
      test: /[\\/]shared[\\/]src[\\/].*\.(tsx?|json|css)$/,
      name: 'portal-shared-pages',
      chunks: 'async',
      enforce: true,
    },
    // React Router (in @portal/shared/router), 30 KB gzip: a script of its own beside main, as react-dom.
    router: {
      test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(react-router|react-router-dom)[\\/]/,
      name: 'router',
      chunks: 'initial',
      enforce: true,
    },
    // react-dom is ~45% of the host's main script (207 of 461 kB minified). In a script of its own
    // it downloads beside main, Chrome compiles it apart, and its evaluation is a task of its own
    // instead of part of one ~900 ms task (less blocking time on Home; bench/results/levers.md).
    reactDom: {
      test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(react-dom|scheduler)[\\/]/,
      name: 'react-dom',
      chunks: 'initial',
      enforce: true,
    },
  },
};

/**
 * The federation runtime's packages, each with the package it is required from (as Rspack resolves
 * them: runtime-tools from Rspack, the bundler runtime from runtime-tools, ...).
 */
const FEDERATION_RUNTIME_PACKAGES = [
  ['webpack-bundler-runtime', 'runtime-tools'],
  ['runtime', 'webpack-bundler-runtime'],
  ['runtime-core', 'runtime'],
  ['sdk', 'runtime-core'],
  ['error-codes', 'runtime-core'],
];

/**
 * Aliases that bundle the federation runtime from its ES module builds. Rspack's federation plugin
 * brings the runtime in by its resolved CommonJS file (`require.resolve`), and each package
 * require()s the next, so every export stayed, also what `experiments.optimization` turns off
 * (the host's main 65.9 → 59.4 KB gzip, each remoteEntry.js 15.0 → 9.4 KB). Both the
 * CommonJS file and the bare name go to the ES module file, so one copy of each package is bundled.
 */
export function federationRuntimeAsEsm() {
  const require = createRequire(import.meta.url);
  const dirs = { 'runtime-tools': path.dirname(createRequire(require.resolve('@rspack/core')).resolve('@module-federation/runtime-tools/package.json')) };
  const alias = {};
  for (const [name, parent] of FEDERATION_RUNTIME_PACKAGES) {
    const cjs = createRequire(path.join(dirs[parent], 'package.json')).resolve(`@module-federation/${name}`);
    dirs[name] = cjs.slice(0, cjs.lastIndexOf(`${path.sep}dist${path.sep}`));
    const { exports } = JSON.parse(readFileSync(path.join(dirs[name], 'package.json'), 'utf8'));
    const esm = path.join(dirs[name], exports['.'].import.default);
    alias[cjs] = esm;
    alias[`@module-federation/${name}$`] = esm;
  }
  return alias;
}

/** The rule every app's (and the bench floors') TypeScript and JSX is compiled by: SWC, for the browsers the portal supports. */
export function scriptRule({ development = false } = {}) {
  return {
    test: /\.(t|j)sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic', development } } },
      env: { targets: 'chrome >= 109, firefox >= 115, safari >= 15.4, edge >= 109' },
    },
    type: 'javascript/auto',
  };
}

/** Where an app's production source maps go: outside dist/, so no static server serves them. */
export function sourceMapDir(appDir) {
  return path.join(appDir, 'sourcemaps');
}

/**
 * @param {object} options
 * @param {string} options.appDir            the app's folder (import.meta.dirname of its config)
 * @param {boolean} [options.remote]                 a remote: exposes each module of src/exposed/, publishes pages.json
 * @param {string[]} [options.runtimePlugins]          host runtime plugins (absolute paths)
 * @param {string} [options.title]           the HTML page title
 * @param {'production' | 'development'} [options.mode]
 */
export function createAppConfig({
  appDir,
  remote = false,
  runtimePlugins = [],
  title = 'Pay portal',
  mode = process.env.NODE_ENV === 'development' ? 'development' : 'production',
}) {
  const isProduction = mode === 'production';
  const isRemote = remote;
  const exposes = isRemote ? exposedModules(appDir) : {};
  const appRequire = createRequire(path.join(appDir, 'package.json'));
  const appPackage = appRequire('./package.json');
  const { federationName: name, port } = frontEndApp(appPackage.name);

  return {
    mode,
    context: appDir,
    entry: {
      main: './src/index.ts',
      // Never loaded: it makes the host's build meet every module of @portal/shared, so the host
      // provides all of them, also those only remotes import (shared-dependencies.mjs).
      ...(isRemote ? {} : { 'contract-modules': contractModuleRequests() }),
    },
    // Production maps are 'hidden' (no sourceMappingURL in the served files) and written beside
    // dist/, not in it: nothing serves them, and they stay on disk for error tracking (sourceMapDir).
    devtool: isProduction ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(appDir, 'dist'),
      // Remotes are served from their own origin: 'auto' makes their chunks load from there.
      publicPath: isRemote ? 'auto' : '/',
      filename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      uniqueName: name,
      clean: true,
      ...(isProduction ? { sourceMapFilename: `${path.relative(path.join(appDir, 'dist'), sourceMapDir(appDir))}/[file].map` } : {}),
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'], ...(isProduction ? { alias: federationRuntimeAsEsm() } : {}) },
    module: {
      rules: [
        scriptRule({ development: !isProduction }),
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(svg|png|woff2?)$/, type: 'asset' },
        // A feature folder's texts in each language, compiled for Lingui (messages-loader.mjs).
        { test: /[\\/]messages[\\/](en|cy)\.json$/, type: 'javascript/auto', loader: path.join(import.meta.dirname, 'messages-loader.mjs') },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        remotes: {},
        shared: createSharedDependencies(appPackage, { role: isRemote ? 'remote' : 'host', mode }),
        shareStrategy: 'loaded-first',
        runtimePlugins,
        experiments: {
          // The runtime without manifest support (its snapshot and preload-assets plugins) and
          // without its Node.js loading paths: the host registers each remote by its remoteEntry.js
          // (docs/architecture.md "Federation": 4.4 KB gzip and a request less on Home).
          optimization: { disableSnapshot: true, target: 'web' },
          // The federation runtime ships once, in the host's main; each remoteEntry uses the host's
          // copy (~34 KiB gzip saved per remote on the page). In development a remote also
          // runs alone on its own dev server, so there it keeps its own runtime.
          ...(isProduction ? (isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }) : {}),
        },
        // Still written beside remoteEntry.js: the bench reads which files are shared modules from it.
        manifest: true,
        dts: false,
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(import.meta.dirname, 'index.html'),
        title,
        templateParameters: { title },
        // Remotes also get a page of their own: the standalone harness their team runs.
        filename: 'index.html',
        chunks: ['main'],
      }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      new rspack.NormalModuleReplacementPlugin(AXIOS_FETCH_ADAPTER, path.join(import.meta.dirname, 'axios-fetch-adapter-left-out.mjs')),
      new RuntimeConfigPlugin(),
      ...(isRemote ? [new PageListPlugin({ appDir, exposes })] : []),
      // The host's built page holds the landing page itself (static-landing.mjs).
      ...(isProduction && !isRemote ? [new StaticLandingPlugin({ appDir, runtimeConfig: RUNTIME_CONFIG_PRELOAD.attributes.href })] : []),
    ],
    optimization: {
      // Module Federation needs the runtime inside remoteEntry.js (no separate runtime chunk).
      runtimeChunk: false,
      // Ids by the modules' and chunks' order, not hashes of their paths: Rspack's hashed ids took in
      // the checkout's own folder, so one commit built in two folders gave Home different bytes (and
      // the budget a different answer). Federation meets across builds by shared names, never by id.
      moduleIds: 'natural',
      chunkIds: 'natural',
      minimize: isProduction,
      ...(isProduction && !isRemote ? { splitChunks: portalSharedChunks } : {}),
    },
    performance: { hints: false },
    // The manifest plugin logs an informational line per build about publicPath 'auto'; keep errors only.
    infrastructureLogging: { level: 'error' },
    devServer: {
      port,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Nothing is served from public/: config.json is emitted by the build (RuntimeConfigPlugin); the
      // host's carries the remotes' page lists from their dev servers, as tools/serve.mjs adds them.
      static: false,
      ...(isRemote ? {} : { setupMiddlewares: withComposedRuntimeConfig }),
      proxy: [{ context: API_PREFIXES, target: `http://localhost:${API_PORT}`, changeOrigin: false }],
    },
    stats: 'errors-warnings',
  };
}
