// Draws a Highcharts chart into `target` once the library has loaded (lib/load-highcharts.ts), and
// destroys it when the options change or the component goes. A failed load is logged only: every
// chart of the portal has its figures in text beside it.
import { useEffect, type RefObject } from 'react';
import type { Options } from 'highcharts';
import { loadHighcharts } from './load-highcharts';

export function useHighchart(target: RefObject<HTMLElement | null>, options: Options, what: string): void {
  useEffect(() => {
    let closed = false;
    let chart: { destroy: () => void } | null = null;
    loadHighcharts().then(
      (Highcharts) => {
        if (closed || !target.current) return;
        chart = Highcharts.chart(target.current, options);
      },
      (error: unknown) => {
        if (!closed) console.error(`The ${what} could not be loaded.`, error);
      },
    );
    return () => {
      closed = true;
      chart?.destroy();
    };
  }, [target, options, what]);
}
