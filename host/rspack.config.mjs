import path from 'node:path';
import { createAppConfig } from '../tools/rspack/create-config.mjs';
import { OfflinePlugin } from '../tools/rspack/offline-plugin.mjs';

const offline = path.join(import.meta.dirname, 'src/offline');

// The host: owns the session, routing and shell; registers the remotes at runtime from /config.json
// (docs/architecture.md "Federation"); its port is its row of shared/src/remotes.json. It alone is
// installable and works offline (tools/rspack/offline-plugin.mjs).
const config = createAppConfig({
  appDir: import.meta.dirname,
  title: 'Pay portal',
  runtimePlugins: [
    path.join(import.meta.dirname, 'src/runtime-plugin/offline-remote.ts'),
    path.join(import.meta.dirname, 'src/runtime-plugin/retry-failed-shares.ts'),
  ],
});
config.plugins.push(
  new OfflinePlugin({
    serviceWorker: path.join(offline, 'service-worker.ts'),
    webManifest: path.join(offline, 'manifest.webmanifest'),
    iconsDir: path.join(offline, 'icons'),
    themeColour: '#cb3493',
  }),
);
export default config;
