import { SectionUnavailable } from '@portal/shared/ui/SectionUnavailable';
import { retryRemote } from './register-remotes';

/** Marks the stand-in module so the page loader can tell it from a real remote module. */
export const UNAVAILABLE_MARKER = '__portalRemoteUnavailable';

export type RemotePageModule = { default: React.ComponentType; [UNAVAILABLE_MARKER]?: true };

export function createUnavailableModule(id: string): RemotePageModule {
  function UnavailableRemotePage() {
    return <SectionUnavailable onRetry={() => retryRemote(id)} />;
  }
  return { default: UnavailableRemotePage, [UNAVAILABLE_MARKER]: true };
}
