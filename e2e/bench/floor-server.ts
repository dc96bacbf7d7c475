// The floor page (bench/floor/dist, built by `pnpm bench`) served as the remotes are served (the
// same static server, gzip and Brotli), on a free port of its own.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startRemoteServer } from '../../tools/serve.mjs';

export async function serveFloor(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await startRemoteServer({ root: path.resolve(__dirname, '..', '..', 'bench', 'floor', 'dist'), port: 0 });
  return { url: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/`, close: () => server.close() };
}
