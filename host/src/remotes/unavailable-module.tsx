import type { ComponentType } from 'react';
import { SectionUnavailable } from '@portal/shared/ui/SectionUnavailable';
import { retryRemote } from './register-remotes';

export type RemotePageModule = { default: ComponentType };

/** The page shown in place of a remote's page that could not be loaded. */
export function createUnavailableModule(id: string): RemotePageModule {
  function UnavailableRemotePage() {
    return <SectionUnavailable onRetry={() => retryRemote(id)} />;
  }
  return { default: UnavailableRemotePage };
}
