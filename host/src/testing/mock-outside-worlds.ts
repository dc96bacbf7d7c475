// Loaded before every host test (host/jest.config.cjs): the sign-in SDK and the federation runtime
// are replaced by the doubles in host-mocks.ts, whose state each test sets.
import type * as HostMocksModule from './host-mocks';

type HostMocks = typeof HostMocksModule;

jest.mock('@fusionauth/react-sdk', () => ({
  useFusionAuth: () => jest.requireActual<HostMocks>('./host-mocks').sdkState,
}));
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) => jest.requireActual<HostMocks>('./host-mocks').fakeLoadRemote(id),
  registerRemotes: jest.fn(),
}));
