// Keeps a remote that is down from taking the shell down (design.md "A remote that is down").
// For a failure while loading an exposed module (lifecycle 'onLoad') it answers with a stand-in
// module whose page is the "section unavailable" panel. Other lifecycles (manifest or entry fetch)
// return nothing, so the error reaches the React error boundary around the remote page instead;
// a fallback there would be mistaken for a manifest and break the runtime.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { createUnavailableModule } from '../remotes/unavailable-module';

export default function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-offline-remote',
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`Could not load ${String(id)} (${lifecycle}).`, error);
      if (lifecycle !== 'onLoad') return undefined;
      return () => createUnavailableModule(String(id));
    },
  };
}
