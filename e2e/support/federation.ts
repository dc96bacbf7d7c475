// What the federation runtime has loaded in the page: for each shared module asked about, who provided
// each loaded copy (`from@version`), read from the runtime's share scope.
import type { Page } from '@playwright/test';

export function loadedProviders(page: Page, names: readonly string[]): Promise<Record<string, string[]>> {
  return page.evaluate((wanted) => {
    type ShareInfo = { from: string; loaded?: boolean };
    const share = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> } })
      .__FEDERATION__.__SHARE__;
    const found: Record<string, string[]> = {};
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const name of wanted) {
          for (const [version, info] of Object.entries(packages[name] ?? {})) {
            if (info.loaded) (found[name] ??= []).push(`${info.from}@${version}`);
          }
        }
      }
    }
    return Object.fromEntries(Object.entries(found).map(([name, list]) => [name, [...new Set(list)]]));
  }, names);
}
