// One request at a time for an action (send a code, confirm, save): a call while one is under way
// is ignored, the request is aborted when the component unmounts, and `pending` says it is running.
import { useCallback, useEffect, useRef, useState } from 'react';

export type ExclusiveWork<T> = (signal: AbortSignal) => Promise<T>;

export function useExclusiveRequest() {
  const [pending, setPending] = useState(false);
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  /** Runs `work` unless another run is under way; then it answers undefined without running. */
  const run = useCallback(async function run<T>(work: ExclusiveWork<T>): Promise<T | undefined> {
    if (current.current) return undefined;
    const controller = new AbortController();
    current.current = controller;
    setPending(true);
    try {
      return await work(controller.signal);
    } finally {
      if (current.current === controller) current.current = null;
      if (!controller.signal.aborted) setPending(false);
    }
  }, []);

  return { run, pending };
}
