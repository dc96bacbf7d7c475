// Keeps a remote that is down from taking the shell down (docs/architecture.md "Crash isolation").
// For a failure while loading an exposed module (lifecycle 'onLoad') it answers with a stand-in
// that the page loader turns into the "section unavailable" panel. Other lifecycles (manifest or
// entry fetch) return nothing, so the error reaches the React error boundary around the page
// instead; a fallback there would be taken for a manifest and break the runtime. The stand-in
// carries the reason, so a remote built for another contract major says so.
// This file must import nothing shared (React, @portal/shared): it runs before they exist.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteFailureReason } from '../remotes/remote-failure';
import { unavailableRemoteModule } from '../remotes/unavailable-marker';

export default function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-offline-remote',
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`Could not load ${String(id)} (${lifecycle}).`, error);
      if (lifecycle !== 'onLoad') return undefined;
      return () => unavailableRemoteModule(String(id), remoteFailureReason(error));
    },
  };
}
