// A load started ahead of the render that needs it (at boot), and a hook that renders by how it
// ended. Shown by a state update rather than by React.lazy and a Suspense retry: React commits a
// retry no sooner than 300 ms after the last fallback appeared, which on a signed-in first visit held
// the loaded shell and Home's page and data off screen (bench/levers.md, branch front-render).
import { useCallback, useSyncExternalStore } from 'react';

export interface StartedLoad<T> {
  readonly loading: Promise<T>;
  /** Set when the load has ended. */
  outcome?: { value: T } | { error: unknown };
}

export function startLoad<T>(load: () => Promise<T>): StartedLoad<T> {
  const started: StartedLoad<T> = { loading: load() };
  started.loading.then(
    (value) => (started.outcome = { value }),
    (error: unknown) => (started.outcome = { error }),
  );
  return started;
}

/** The load's value once it has ended (undefined until then); its failure is thrown, for the error boundary. */
export function useStartedLoad<T>(started: StartedLoad<T>): T | undefined {
  // Keyed by the load: a new function on every render would make React unsubscribe and subscribe
  // again on each one (another `then` on the load each time).
  const subscribe = useCallback(
    (onEnd: () => void) => {
      let listening = true;
      const end = () => listening && onEnd();
      started.loading.then(end, end);
      return () => (listening = false);
    },
    [started],
  );
  const outcome = useSyncExternalStore(subscribe, () => started.outcome);
  if (outcome && 'error' in outcome) throw outcome.error;
  return outcome?.value;
}
