// Types for tools/runtime-config.mjs, used by the e2e journeys and the reliability suite.
export type LocalRuntimeConfig = {
  remotes: Record<string, string>;
  auth: { serverUrl: string; clientId: string };
  apiBaseUrl: string;
  authorisationHeader: string | null;
  support: { phone: string; email: string };
};
export function localRuntimeConfig(): LocalRuntimeConfig;
export function localRuntimeConfigText(): string;
export function writeLocalRuntimeConfig(file: string): string;
