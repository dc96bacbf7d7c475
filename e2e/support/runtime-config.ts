// Rewrites the runtime config file the running host serves as /config.json (PORTAL_CONFIG),
// and serves a copy of a remote on a port of the test's own.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startRemoteServer } from '../../tools/serve.mjs';

type RemoteKey = 'onboarding' | 'pay' | 'documents' | 'profile' | 'employer';

function configPath(): string {
  const file = process.env.PORTAL_CONFIG;
  if (!file) throw new Error('PORTAL_CONFIG is not set (see playwright.config.ts)');
  return file;
}

export function readRuntimeConfig(): { remotes: Record<RemoteKey, string> } & Record<string, unknown> {
  return JSON.parse(readFileSync(configPath(), 'utf8'));
}

/** Points one remote at another entry URL; returns a function that puts the old one back. */
export function pointRemoteAt(remote: RemoteKey, entryUrl: string): () => void {
  const original = readFileSync(configPath(), 'utf8');
  const config = JSON.parse(original);
  config.remotes[remote] = entryUrl;
  writeFileSync(configPath(), JSON.stringify(config, null, 2));
  return () => writeFileSync(configPath(), original);
}

/** Serves the built remote (e.g. 'remote-pay') on `port`, as a second deployment of it. */
export async function serveRemoteCopy(appName: string, port: number) {
  const root = path.resolve(__dirname, '..', '..', appName, 'dist');
  return startRemoteServer({ root, port });
}

/** Offers these languages (the switch to Welsh shows with 'cy'); returns a function that puts the old config back. */
export function offerLanguages(languages: string[]): () => void {
  const original = readFileSync(configPath(), 'utf8');
  writeFileSync(configPath(), JSON.stringify({ ...JSON.parse(original), languages }, null, 2));
  return () => writeFileSync(configPath(), original);
}
