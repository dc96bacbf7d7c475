// The one Rspack + Module Federation config that the host and the four remotes build from.
// Each app's rspack.config.mjs names only what is its own: its federation name, port, what it
// exposes, and (for the host) its runtime plugins.
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { contractModuleRequests, createSharedDependencies } from './shared-dependencies.mjs';

/** Where an app's production source maps go: outside dist/, so no static server serves them. */
export function sourceMapDir(appDir) {
  return path.join(appDir, 'sourcemaps');
}

/**
 * @param {object} options
 * @param {string} options.appDir            the app's folder (import.meta.dirname of its config)
 * @param {string} options.name              federation name, e.g. 'remote_pay'
 * @param {number} options.port              dev-server port
 * @param {Record<string, string>} [options.exposes]  what a remote exposes
 * @param {string[]} [options.runtimePlugins]          host runtime plugins (absolute paths)
 * @param {string} [options.title]           the HTML page title
 * @param {Record<string, string>} [options.devProxy]  dev-server proxy: path prefix -> target
 * @param {'production' | 'development'} [options.mode]
 */
export function createAppConfig({
  appDir,
  name,
  port,
  exposes = {},
  runtimePlugins = [],
  title = 'Pay portal',
  devProxy = {},
  mode = process.env.NODE_ENV === 'development' ? 'development' : 'production',
}) {
  const isProduction = mode === 'production';
  const isRemote = Object.keys(exposes).length > 0;
  const appRequire = createRequire(path.join(appDir, 'package.json'));
  const appPackage = appRequire('./package.json');

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
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
    module: {
      rules: [
        {
          test: /\.(t|j)sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProduction } },
            },
            env: { targets: 'chrome >= 109, firefox >= 115, safari >= 15.4, edge >= 109' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(svg|png|woff2?)$/, type: 'asset' },
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
    ],
    optimization: {
      // Module Federation needs the runtime inside remoteEntry.js (no separate runtime chunk).
      runtimeChunk: false,
      minimize: isProduction,
    },
    performance: { hints: false },
    // The manifest plugin logs an informational line per build about publicPath 'auto'; keep errors only.
    infrastructureLogging: { level: 'error' },
    devServer: {
      port,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: Object.entries(devProxy).map(([context, target]) => ({ context: [context], target, changeOrigin: false })),
    },
    stats: 'errors-warnings',
  };
}
