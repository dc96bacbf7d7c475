import { createAppConfig } from '../tools/rspack/create-config.mjs';

// remote-employer: the employer console. Exposes each module of src/exposed/ and publishes its page
// list (src/pages.ts) as pages.json, from which the host routes to them, for employer admins only
// (docs/architecture.md "Pages and routes"); its federation name and port are its row of
// shared/src/remotes.json.
export default createAppConfig({
  appDir: import.meta.dirname,
  title: 'remote-employer (standalone)',
  remote: true,
});
