// The stand-in the offline runtime plugin returns for a remote module that failed to load.
// Dependency-free on purpose: runtime plugins run before shared modules (React) exist.
import type { RemoteFailureReason } from './remote-failure';

const REMOTE_UNAVAILABLE = '__portalRemoteUnavailable';

export type UnavailableRemoteModule = { [REMOTE_UNAVAILABLE]: true; remoteId: string; reason: RemoteFailureReason };

export function unavailableRemoteModule(remoteId: string, reason: RemoteFailureReason = 'unavailable'): UnavailableRemoteModule {
  return { [REMOTE_UNAVAILABLE]: true, remoteId, reason };
}

export function isUnavailableRemoteModule(value: unknown): value is UnavailableRemoteModule {
  return typeof value === 'object' && value !== null && REMOTE_UNAVAILABLE in value;
}
