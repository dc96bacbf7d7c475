// Test doubles for the host's two outside worlds: the sign-in SDK and the federation runtime.
// Used with jest.mock in the host's screen tests.
import { createElement } from 'react';

export const sdkState = {
  isLoggedIn: false,
  isFetchingUserInfo: false,
  userInfo: null as Record<string, string> | null,
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

/** A remote page stand-in that says which exposed module it is. */
export async function fakeLoadRemote(id: string) {
  return { default: () => createElement('p', null, `remote page ${id}`) };
}
