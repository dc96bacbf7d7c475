// What every app shares as a Module Federation singleton, so one copy of each loads and the
// stores in @portal/shared are one instance across host and remotes (design.md "Shared singletons").
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'zustand', 'axios', '@fusionauth/react-sdk', '@portal/shared'];

/** @param {{ dependencies?: Record<string, string> }} appPackage the app's package.json */
export function createSharedDependencies(appPackage) {
  const declared = appPackage.dependencies ?? {};
  const shared = {};
  for (const name of SINGLETONS) {
    const range = declared[name];
    if (!range) continue;
    // workspace:* is not a semver range: accept whatever the host loaded.
    const requiredVersion = range.startsWith('workspace:') ? false : range;
    shared[name] = { singleton: true, requiredVersion };
    // Subpaths too: react/jsx-runtime, react-dom/client, @portal/shared/stores/session, ...
    shared[`${name}/`] = { singleton: true, requiredVersion };
  }
  return shared;
}

export const SHARED_SINGLETONS = SINGLETONS;
