import path from 'node:path';
import { createAppConfig } from '../tools/rspack/create-config.mjs';

// The host: owns the session, routing and shell; registers the remotes at runtime from /config.json
// (docs/architecture.md "Federation"); its port is its row of shared/src/remotes.json.
export default createAppConfig({
  appDir: import.meta.dirname,
  title: 'Pay portal',
  runtimePlugins: [path.join(import.meta.dirname, 'src/runtime-plugin/offline-remote.ts')],
});
