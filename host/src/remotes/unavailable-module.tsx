import type { ComponentType } from 'react';
import { retryRemote } from './register-remotes';
import type { RemoteFailureReason } from './remote-failure';
import { RemoteUnavailablePanel } from './RemoteUnavailablePanel';

export type RemotePageModule = { default: ComponentType };

/** The page shown in place of a remote's page that could not be loaded. */
export function createUnavailableModule(id: string, reason: RemoteFailureReason): RemotePageModule {
  function UnavailableRemotePage() {
    return <RemoteUnavailablePanel reason={reason} onRetry={() => retryRemote(id)} />;
  }
  return { default: UnavailableRemotePage };
}
