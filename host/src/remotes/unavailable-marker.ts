// The stand-in the offline runtime plugin returns for a remote module that failed to load.
// Dependency-free on purpose: runtime plugins run before shared modules (React) exist.
export const REMOTE_UNAVAILABLE = '__portalRemoteUnavailable';

export type UnavailableRemoteModule = { [REMOTE_UNAVAILABLE]: true; remoteId: string };

export function unavailableRemoteModule(remoteId: string): UnavailableRemoteModule {
  return { [REMOTE_UNAVAILABLE]: true, remoteId };
}

export function isUnavailableRemoteModule(value: unknown): value is UnavailableRemoteModule {
  return typeof value === 'object' && value !== null && REMOTE_UNAVAILABLE in value;
}
