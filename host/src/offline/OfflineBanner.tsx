// Says the pages show the offline copy, politely announced (role status).
import { useOffline } from './use-offline';

export const OFFLINE_BANNER_TEXT = 'You are offline; showing what you saw last';

export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div role="status" className="host-offline-banner">
      {OFFLINE_BANNER_TEXT}
    </div>
  );
}
