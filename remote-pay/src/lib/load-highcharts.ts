// Highcharts is big (about 100 kB gzipped): it is fetched only when a chart is first shown, in a
// chunk of its own, and then reused. A failed load is forgotten so the next chart tries again.
import type * as Highcharts from 'highcharts';

type HighchartsModule = typeof Highcharts;

let loading: Promise<HighchartsModule> | null = null;

export function loadHighcharts(): Promise<HighchartsModule> {
  loading ??= import(/* webpackChunkName: "highcharts" */ 'highcharts').then(
    // The package is UMD: the bundler may hand back the namespace or the module itself.
    (module) => ((module as { default?: HighchartsModule }).default ?? module) as HighchartsModule,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
