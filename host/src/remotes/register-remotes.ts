// Registers the four remotes from runtime config (no URL is built into the host), and lets a
// page whose remote failed try again: re-registering with `force` drops the failed entry.
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTES } from '@portal/shared/remotes';
import type { RuntimeConfig } from '@portal/shared/runtime-config';

type RegisteredRemote = { name: string; entry: string };

let registered: RegisteredRemote[] = [];
let retryCount = 0;
const retryListeners = new Set<() => void>();

export function registerPortalRemotes(config: RuntimeConfig): void {
  registered = REMOTES.map(({ key, federationName }) => ({ name: federationName, entry: config.remotes[key] }));
  registerRemotes(registered);
}

/** Forget a failed remote (`id` is 'remote_pay/HomePage' or 'remote_pay') and re-render its pages. */
export function retryRemote(id: string): void {
  const name = id.split('/')[0];
  const remote = registered.find((candidate) => candidate.name === name);
  if (remote) registerRemotes([remote], { force: true });
  retryCount += 1;
  retryListeners.forEach((listener) => listener());
}

export function subscribeToRemoteRetries(listener: () => void): () => void {
  retryListeners.add(listener);
  return () => retryListeners.delete(listener);
}

export function getRemoteRetryCount(): number {
  return retryCount;
}
