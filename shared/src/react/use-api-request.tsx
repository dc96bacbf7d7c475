// Loads data with a cancellable fetcher. The previous request is aborted when deps change, on
// reload and on unmount; cancelled results are dropped silently; state is never set after unmount.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isCancelledRequest } from '@portal/shared/api/client';

export type UseApiRequestOptions<T> = {
  /** When false, nothing is requested (e.g. no employment chosen yet). Default true. */
  enabled?: boolean;
  /** Data to show before the first result (e.g. the home card's defaults). */
  initialData?: T;
  /** Keep showing the last data while new deps load (default: show initialData). */
  keepPreviousData?: boolean;
  /** Called with each failure that is not a cancellation (e.g. to log it). */
  onError?: (error: unknown) => void;
};

export type UseApiRequestResult<T> = {
  data: T | undefined;
  /** The last failure of the current request (undefined when none). */
  error: unknown;
  isLoading: boolean;
  /** Runs the request again (aborting one in flight). */
  reload: () => void;
};

/** The outcome of the last request; `hasData` says whether `data` holds a result. */
type Settled<T> = { key: string; generation: number; data: T | undefined; hasData: boolean; error: unknown };

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

export function useApiRequest<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  deps: unknown[],
  options: UseApiRequestOptions<T> = {},
): UseApiRequestResult<T> {
  const { enabled = true, initialData, keepPreviousData = false, onError } = options;

  // A new generation whenever deps change (state derived during render, as React recommends).
  const [tracked, setTracked] = useState<{ deps: unknown[]; generation: number }>({ deps, generation: 0 });
  let generation = tracked.generation;
  if (!sameDeps(tracked.deps, deps)) {
    generation = tracked.generation + 1;
    setTracked({ deps, generation });
  }
  const [reloads, setReloads] = useState(0);
  const key = `${generation}:${reloads}`;

  const [settled, setSettled] = useState<Settled<T> | null>(null);

  // The latest callbacks, without restarting the request when they change identity.
  const fetcherRef = useRef(fetcher);
  const onErrorRef = useRef(onError);
  useLayoutEffect(() => {
    fetcherRef.current = fetcher;
    onErrorRef.current = onError;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    let promise: Promise<T>;
    try {
      promise = fetcherRef.current(controller.signal);
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (data) => {
        if (controller.signal.aborted) return;
        setSettled({ key, generation, data, hasData: true, error: undefined });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isCancelledRequest(error)) return;
        onErrorRef.current?.(error);
        // A failed reload keeps the data already shown for the same deps.
        setSettled((previous) =>
          previous?.hasData && previous.generation === generation
            ? { ...previous, key, error }
            : { key, generation, data: undefined, hasData: false, error },
        );
      },
    );
    return () => controller.abort();
  }, [key, generation, enabled]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const current = settled?.key === key ? settled : null;
  const showSettled = current ?? (settled && (keepPreviousData || settled.generation === generation) ? settled : null);
  const data = showSettled?.hasData ? showSettled.data : initialData;

  return { data, error: current?.error, isLoading: enabled && !current, reload };
}
