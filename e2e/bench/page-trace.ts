// A Chrome trace of one page load, read for its renderer's main thread (home-trace.ts,
// home-blocking.ts): the events, the navigation to the portal, and the main thread's tasks.
import type { CDPSession } from '@playwright/test';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, when the trace records it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
}

/** Starts tracing `categories`; the function it gives ends the trace and returns its events. */
export async function startTrace(cdp: CDPSession, categories: string[]): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: categories.join(','), transferMode: 'ReportEvents' });
  return async () => {
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

/** The load of a page of `origin` in the trace: when its navigation started and its main thread's complete events. */
export function mainThreadOfLoad(events: TraceEvent[], origin: string): { navigationTs: number; onMain: TraceEvent[] } {
  const navigation = events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && event.args.data.documentLoaderURL?.startsWith(origin),
  );
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === navigation?.pid);
  if (!navigation || !main) throw new Error('No navigation or renderer main thread in the trace');
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur);
  return { navigationTs: navigation.ts, onMain };
}
