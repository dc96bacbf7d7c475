import { remoteFailureReason } from './remote-failure';

// The federation runtime's own words (@module-federation/runtime-core 2.9, seen in Chromium when a
// remote built for contract 2 loads into this host).
const runtimeMismatch = (provided: string, required: string) =>
  new Error(
    `[ Federation Runtime ]: Version ${provided} from host of shared singleton module @portal/shared/ui/PageHeading does not satisfy the requirement of remote_pay which needs ${required})`,
  );

describe('why a remote page cannot be shown', () => {
  it('is a newer contract when the remote needs a higher major than the host provides', () => {
    expect(remoteFailureReason(runtimeMismatch('1.0.0', '^2.0.0'))).toBe('needs-newer-portal');
    expect(remoteFailureReason(runtimeMismatch('1.4.2', '>=2.1.0'))).toBe('needs-newer-portal');
  });

  it('is an older contract when the remote needs a lower major', () => {
    expect(remoteFailureReason(runtimeMismatch('2.0.0', '^1.0.0'))).toBe('needs-older-portal');
  });

  it('is plain unavailability for anything else', () => {
    expect(remoteFailureReason(new Error('ScriptNetworkError: Failed to load script "http://localhost:3002/remoteEntry.js"'))).toBe('unavailable');
    expect(remoteFailureReason(new TypeError('Failed to fetch'))).toBe('unavailable');
    expect(remoteFailureReason(undefined)).toBe('unavailable');
  });
});
