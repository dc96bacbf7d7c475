// An action a page starts (send a code, confirm it, finalize) as a TanStack Query mutation, with the
// two rules a mutation does not keep by itself: one run at a time, also for two presses in the same
// tick (isPending only reaches the page at its next render), and the request aborted when the page
// closes. The action handles its own answer (notices, navigation), so the page stays pending until
// that is done.
import { useCallback, useEffect, useRef } from 'react';
import { useMutation } from '@portal/shared/query';

/** The action: what to do with `input`, its requests cancelled by `signal`. */
export type PageAction<Input, Outcome> = (input: Input, signal: AbortSignal) => Promise<Outcome>;

export function usePageMutation<Input, Outcome>(action: PageAction<Input, Outcome>) {
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const { mutateAsync, isPending } = useMutation({
    mutationFn: ({ input, signal }: { input: Input; signal: AbortSignal }) => action(input, signal),
  });

  /** Runs the action unless a run is under way; then it answers undefined and sends nothing. */
  const run = useCallback(
    async (input: Input): Promise<Outcome | undefined> => {
      if (running.current) return undefined;
      const controller = new AbortController();
      running.current = controller;
      try {
        return await mutateAsync({ input, signal: controller.signal });
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [mutateAsync],
  );

  return { run, pending: isPending };
}
