// A path the host cannot give a page: two remotes claim it, or a remote whose page list did not come
// may serve it. The "section unavailable" panel, as for a remote that failed to load; Try again loads
// the portal anew, which fetches the runtime config and the page lists in it again.
import { RemoteUnavailablePanel } from './RemoteUnavailablePanel';

export function PagesUnavailable() {
  return <RemoteUnavailablePanel reason="unavailable" onRetry={() => window.location.reload()} />;
}
