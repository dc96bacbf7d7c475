import type { ComponentType } from 'react';
import { retryRemote } from './register-remotes';
import type { RemoteFailureReason } from './remote-failure';
import { RemoteUnavailablePanel } from './RemoteUnavailablePanel';

/**
 * What a remote's exposed page module gives: the page, and (since contract 1.8.0) what loads its texts
 * in the page's language, awaited before the page first renders so it never shows in English first.
 */
export type RemotePageModule = { default: ComponentType; loadMessages?: () => Promise<unknown> };

/** The page shown in place of a remote's page that could not be loaded. */
export function createUnavailableModule(id: string, reason: RemoteFailureReason): RemotePageModule {
  function UnavailableRemotePage() {
    return <RemoteUnavailablePanel reason={reason} onRetry={() => retryRemote(id)} />;
  }
  return { default: UnavailableRemotePage };
}
