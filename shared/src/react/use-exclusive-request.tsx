// One request at a time for an action (send a code, confirm, save): a call while one is under way
// is ignored, the request is aborted when the component unmounts, and `pending` says it is running.
//
// No app of this repository uses it any more (actions are TanStack Query mutations). It stays in the
// contract because a remote built against 1.x may still import it from the host; removing a module
// is a major change (docs/architecture.md "Host–remote contract"), so it goes with the next major.
import { useCallback, useEffect, useRef, useState } from 'react';

export type ExclusiveWork<T> = (signal: AbortSignal) => Promise<T>;

/** @deprecated Use TanStack Query's useMutation (see remote-onboarding's usePageMutation); removed at contract 2.0.0. */
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
