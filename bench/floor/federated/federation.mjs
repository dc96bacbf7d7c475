// The federated floor's build: the smallest page Module Federation can make, a host that loads one
// page exposed by one remote at run time. The same toolchain as bench/floor, with the portal's
// federation settings (tools/rspack/create-config.mjs): @module-federation/enhanced's Rspack plugin,
// 'loaded-first' sharing, the runtime without manifest support, bundled from its ES module builds,
// once in the host (`provideExternalRuntime`; the remote uses it: `externalRuntime`). Shared: React
// and react-dom as tools/rspack/shared-dependencies.mjs shares them (singletons, eager in the host),
// and the router as the portal shares @portal/shared/router (a singleton module of the used exports
// only, provided by the host alone). None of the portal's other libraries.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationRuntimeAsEsm, RUNTIME_CONFIG_PRELOAD, scriptRule } from '../../../tools/rspack/create-config.mjs';
import { createSharedDependencies } from '../../../tools/rspack/shared-dependencies.mjs';

const FEDERATED_DIR = import.meta.dirname;
const TEMPLATE = path.join(FEDERATED_DIR, '..', '..', '..', 'tools', 'rspack', 'index.html');
/** bench/floor's package.json: the versions of React, react-dom and React Router both apps build with. */
const FLOOR_PACKAGE = JSON.parse(readFileSync(path.join(FEDERATED_DIR, '..', 'package.json'), 'utf8'));

/** The remote's federation name and the one page it exposes (the host loads `${REMOTE_NAME}/Page`). */
export const REMOTE_NAME = 'floor_remote';
export const HOST_NAME = 'floor_host';

/** The router module both apps import, shared under one key (see router.ts). */
const ROUTER_SHARE_KEY = 'floor-router';
const ROUTER_FILE = path.join(FEDERATED_DIR, 'router.ts');

/** Puts the portal's `<link rel="preload" as="fetch">` of /config.json first in <head>: the config starts with the page. */
class RuntimeConfigPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FloorRuntimeConfigPreload', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise('FloorRuntimeConfigPreload', async (data) => {
        data.headTags.unshift(RUNTIME_CONFIG_PRELOAD);
        return data;
      });
    });
  }
}

/** What each role shares, with the portal's settings for a production build. */
export function floorShared(role) {
  const shared = createSharedDependencies(FLOOR_PACKAGE, { role, mode: 'production' });
  shared[ROUTER_FILE] = {
    shareKey: ROUTER_SHARE_KEY,
    singleton: true,
    version: FLOOR_PACKAGE.dependencies['react-router'].replace(/^[\^~]/, ''),
    requiredVersion: FLOOR_PACKAGE.dependencies['react-router'],
    // As @portal/shared: eager in the host, never bundled by the remote (the host's copy is the one).
    ...(role === 'host' ? { eager: true } : { import: false }),
  };
  return shared;
}

/**
 * @param {'host' | 'remote'} role
 */
export function federatedFloorConfig(role) {
  const appDir = path.join(FEDERATED_DIR, role);
  const isRemote = role === 'remote';
  const name = isRemote ? REMOTE_NAME : HOST_NAME;
  return {
    mode: 'production',
    context: appDir,
    // The remote's page is reached through remoteEntry.js only: no page of its own.
    entry: isRemote ? {} : { main: './src/index.ts' },
    // Hidden maps beside dist/, read by the bench to split the bytes by library (e2e/bench/bundle-parts.ts).
    devtool: 'hidden-source-map',
    target: 'web',
    output: {
      path: path.join(appDir, 'dist'),
      publicPath: isRemote ? 'auto' : '/',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      sourceMapFilename: '../sourcemaps/[file].map',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'], alias: federationRuntimeAsEsm() },
    module: {
      rules: [scriptRule()],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: isRemote ? { './Page': './src/Page.tsx' } : {},
        remotes: {},
        shared: floorShared(role),
        shareStrategy: 'loaded-first',
        experiments: {
          optimization: { disableSnapshot: true, target: 'web' },
          ...(isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }),
        },
        // As the portal's apps: the bench reads which files are shared modules from it.
        manifest: true,
        dts: false,
      }),
      ...(isRemote
        ? []
        : [
            new rspack.HtmlRspackPlugin({
              template: TEMPLATE,
              title: 'Federated floor',
              templateParameters: { title: 'Federated floor' },
              filename: 'index.html',
              chunks: ['main'],
            }),
            new RuntimeConfigPreloadPlugin(),
          ]),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    ],
    optimization: { runtimeChunk: false, minimize: true },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}
