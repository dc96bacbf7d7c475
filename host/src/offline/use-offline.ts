// Whether the portal is showing its offline copy: the browser says it is offline, or the service
// worker has just answered a request from its copy because the network failed.
import { useEffect, useState } from 'react';
import { OFFLINE_ANSWER_MESSAGE } from './cache-rules';

function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function useOffline(): boolean {
  const [offline, setOffline] = useState(browserIsOffline);
  const [answeredFromCopy, setAnsweredFromCopy] = useState(false);

  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => {
      setOffline(false);
      setAnsweredFromCopy(false);
    };
    const onWorkerMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown } | null;
      if (data?.type === OFFLINE_ANSWER_MESSAGE) setAnsweredFromCopy(true);
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

  return offline || answeredFromCopy;
}
