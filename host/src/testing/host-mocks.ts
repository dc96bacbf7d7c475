// Test doubles for the host's two outside worlds: the sign-in SDK and the federation runtime.
// Used with jest.mock in the host's screen tests.
import { createElement } from 'react';

export const sdkState = {
  isLoggedIn: false,
  isFetchingUserInfo: false,
  userInfo: null as Record<string, string | string[]> | null,
  error: null as Error | null,
  startLogin: jest.fn(),
  startRegister: jest.fn(),
  startLogout: jest.fn(),
  initAutoRefresh: jest.fn(),
};

export function resetSdkState() {
  Object.assign(sdkState, { isLoggedIn: false, isFetchingUserInfo: false, userInfo: null, error: null });
  sdkState.startLogin = jest.fn();
  sdkState.startRegister = jest.fn();
  sdkState.startLogout = jest.fn();
  sdkState.initAutoRefresh = jest.fn();
}

/** How one exposed module loads in a test, in place of the default stand-in page. */
export type RemoteModuleLoader = () => Promise<unknown>;

/** Per test: exposed module id -> its loader. Cleared by resetRemoteModules. */
export const remoteModules = new Map<string, RemoteModuleLoader>();

export function resetRemoteModules() {
  remoteModules.clear();
}

/** The federation runtime's loadRemote: a page that says which exposed module it is, unless a test set another. */
export async function fakeLoadRemote(id: string) {
  const loader = remoteModules.get(id);
  if (loader) return loader();
  return { default: () => createElement('p', null, `remote page ${id}`) };
}
