// The floor pages, served as the portal is served (tools/serve.mjs: the same static servers, gzip and
// Brotli, the same cache and security headers), each on free ports of its own:
// - the floor (bench/floor/dist) by a remote's static server;
// - the federated floor: its remote (bench/floor/federated/remote/dist) by a remote's server, its host
//   (bench/floor/federated/host/dist) by the host's server, whose /config.json names the remote's
//   remoteEntry.js (a file of the run's own, as `pnpm start` serves the portal's).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startHostServer, startRemoteServer } from '../../tools/serve.mjs';

const FLOOR_DIR = path.resolve(__dirname, '..', '..', 'bench', 'floor');
export const FEDERATED_FLOOR_DIR = path.join(FLOOR_DIR, 'federated');

/** The host's server proxies the API's paths; the federated floor asks for none, so nothing listens here. */
const NO_API = 'http://127.0.0.1:9';

const urlOf = (server: FastifyInstance) => `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/`;

export type ServedFloor = { url: string; close: () => Promise<void> };

export async function serveFloor(root = path.join(FLOOR_DIR, 'dist')): Promise<ServedFloor> {
  const server = await startRemoteServer({ root, port: 0 });
  return { url: urlOf(server), close: () => server.close() };
}

/** The federated floor's runtime config: its one remote's entry. */
export function federatedFloorConfig(remoteUrl: string): { remotes: { page: string } } {
  return { remotes: { page: new URL('remoteEntry.js', remoteUrl).href } };
}

/** The federated floor: its host's URL, and where its remote is served (for telling their files apart). */
export async function serveFederatedFloor(dir = FEDERATED_FLOOR_DIR): Promise<ServedFloor & { remoteUrl: string }> {
  const remote = await startRemoteServer({ root: path.join(dir, 'remote', 'dist'), port: 0 });
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'federated-floor-'));
  try {
    const configPath = path.join(configDir, 'config.json');
    writeFileSync(configPath, `${JSON.stringify(federatedFloorConfig(urlOf(remote)), null, 2)}\n`);
    const host = await startHostServer({ root: path.join(dir, 'host', 'dist'), port: 0, configPath, apiUrl: NO_API });
    return {
      url: urlOf(host),
      remoteUrl: urlOf(remote),
      async close() {
        await Promise.all([host.close(), remote.close()]);
        rmSync(configDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await remote.close();
    rmSync(configDir, { recursive: true, force: true });
    throw error;
  }
}
