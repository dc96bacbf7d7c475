// The floor page's build: the portal's toolchain (Rspack, SWC, the same browser targets, HTML
// template and hashed names) with Module Federation left out.
import path from 'node:path';
import { rspack } from '@rspack/core';
import { scriptRule } from '../../tools/rspack/create-config.mjs';

const appDir = import.meta.dirname;
const TEMPLATE = path.join(appDir, '..', '..', 'tools', 'rspack', 'index.html');

export default {
  mode: 'production',
  context: appDir,
  entry: { main: './src/index.tsx' },
  // Hidden maps beside dist/, as the apps' (tools/rspack/create-config.mjs): the bench reads them to
  // split the floor's bytes by library (e2e/bench/bundle-parts.ts).
  devtool: 'hidden-source-map',
  target: 'web',
  output: {
    path: path.join(appDir, 'dist'),
    publicPath: '/',
    filename: '[name].[contenthash:10].js',
    chunkFilename: '[name].[contenthash:10].js',
    sourceMapFilename: '../sourcemaps/[file].map',
    clean: true,
  },
  resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
  module: {
    rules: [scriptRule()],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: TEMPLATE, title: 'Floor', templateParameters: { title: 'Floor' }, filename: 'index.html' }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
  ],
  optimization: { minimize: true },
  performance: { hints: false },
  stats: 'errors-warnings',
};
