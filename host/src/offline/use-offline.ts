// Whether the portal is showing its offline copy: the browser says it is offline, or the service
// worker has just answered a request from its copy because the network failed.
import { useEffect, useState } from 'react';
import { OFFLINE_ANSWER_MESSAGE } from './cache-rules';

function browserIsOffline(): boolean {
  return navigator.onLine === false;
}

export function useOffline(): boolean {
  // One flag: the browser's going offline and a copy told by the worker both set it; coming back
  // online clears it.
  const [offline, setOffline] = useState(browserIsOffline);

  useEffect(() => {
    // A copy given for a request asked before the browser came back online can be told after it: not news.
    let onlineAtMs = 0;
    const goOffline = () => setOffline(true);
    const goOnline = () => {
      onlineAtMs = Date.now();
      setOffline(false);
    };
    const onWorkerMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; atMs: number } | null;
      if (data?.type === OFFLINE_ANSWER_MESSAGE && data.atMs >= onlineAtMs) setOffline(true);
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    worker?.addEventListener('message', onWorkerMessage);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      worker?.removeEventListener('message', onWorkerMessage);
    };
  }, []);

  return offline;
}
