// A load started ahead of the render that needs it (at boot), and a hook that renders by how it
// ended. Shown by a state update (a transition) rather than by React.lazy and a Suspense retry: React
// commits a retry no sooner than 300 ms after the last fallback appeared, which on a signed-in first
// visit held the loaded shell and Home's page and data off screen (bench/results/levers.md, front-render).
import { startTransition, useEffect, useState } from 'react';

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

/**
 * The load's value once it has ended (undefined until then); its failure is thrown, for the error
 * boundary. The render that shows the end is a transition: React renders it time-sliced, so a page or
 * frame arriving is not one long task (less blocking time on Home). Not `useSyncExternalStore`,
 * whose updates are always rendered in one go; not a Suspense retry (see above).
 */
export function useStartedLoad<T>(started: StartedLoad<T>): T | undefined {
  const [seen, setSeen] = useState(() => ({ load: started, outcome: started.outcome }));
  // Another load than the one last seen: what it has now.
  const outcome = seen.load === started ? seen.outcome : started.outcome;
  useEffect(() => {
    let listening = true;
    const end = () => {
      if (listening) startTransition(() => setSeen({ load: started, outcome: started.outcome }));
    };
    // Once per load, not on every render: the effect is keyed by the load.
    started.loading.then(end, end);
    return () => {
      listening = false;
    };
  }, [started]);
  if (outcome && 'error' in outcome) throw outcome.error;
  return outcome?.value;
}
