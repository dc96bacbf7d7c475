// The remotes the host composes, from the one table of the workspace (remotes.json, which the
// build tools, the dev servers and the generated config.json read too; docs/architecture.md
// "Apps and ports").
// Plain data, not a module with state: bundling it into this module is what sharing needs.
// eslint-disable-next-line no-restricted-imports
import table from './remotes.json';

/** A remote's key in the runtime config's `remotes` (`config.remotes.pay`). */
export type RemoteKey = 'onboarding' | 'pay' | 'documents' | 'profile' | 'employer';

export type RemoteApp = {
  /** The workspace package, e.g. 'remote-pay'. */
  readonly package: string;
  /** The Module Federation name, e.g. 'remote_pay' ('remote_pay/HomePage'). */
  readonly federationName: string;
  readonly key: RemoteKey;
  /** Its local port (`pnpm start`, its dev server). */
  readonly port: number;
};

export const REMOTES = table.remotes as readonly RemoteApp[];

/** The file the runtime config names for each remote and the host registers it by ('remoteEntry.js'). */
export const REMOTE_ENTRY_FILE: string = table.entry;

/** The manifest every remote build also writes beside it ('mf-manifest.json'); runtime configs written before the host read entries named it. */
export const REMOTE_MANIFEST_FILE: string = table.manifest;
