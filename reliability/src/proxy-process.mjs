// The host's proxy (tools/serve.mjs) in a process of its own, for parts whose load generator must
// not share an event loop with it (system.ts, startProxy with ownProcess). Options come as JSON in
// the first argument; SIGTERM closes the server.
import { startHostServer } from '../../tools/serve.mjs';

const server = await startHostServer(JSON.parse(process.argv[2]));
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
