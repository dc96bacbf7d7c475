import path from 'node:path';
import { createAppConfig } from '../tools/rspack/create-config.mjs';

// The host: owns the session, routing and shell; registers the remotes at runtime from /config.json.
export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'host',
  port: 8080,
  title: 'Pay portal',
  runtimePlugins: [path.join(import.meta.dirname, 'src/runtime-plugin/offline-remote.ts')],
  devProxy: { '/api': 'http://localhost:4000', '/app': 'http://localhost:4000', '/account': 'http://localhost:4000' },
});
