import { REMOTES, type RemoteKey } from './remotes';

describe('the remotes table', () => {
  it('names each remote key of the runtime config once', () => {
    const keys: Record<RemoteKey, true> = { onboarding: true, pay: true, documents: true, profile: true, employer: true };
    expect(REMOTES.map((remote) => remote.key).sort()).toEqual(Object.keys(keys).sort());
  });
});
