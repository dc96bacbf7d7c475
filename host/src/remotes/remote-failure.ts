// Why a remote's page cannot be shown, read from the error the federation runtime gave, so the
// panel can say more than "unavailable" when retrying will not help.
// Dependency-free on purpose: the offline runtime plugin uses it before shared modules exist.

/** 'unavailable': down, unreachable or broken. The others: built for another major of the contract. */
export type RemoteFailureReason = 'unavailable' | 'needs-newer-portal' | 'needs-older-portal';

export const REMOTE_FAILURE_TEXT: Record<Exclude<RemoteFailureReason, 'unavailable'>, string> = {
  'needs-newer-portal': 'This section needs a newer version of the portal. It will be back once the portal is updated.',
  'needs-older-portal': 'This section was built for an older version of the portal. It will be back once the section is updated.',
};

// The runtime's words for a singleton (with strictVersion) whose loaded version is out of range:
// "Version 1.0.0 from host of shared singleton module @portal/shared/x does not satisfy the
// requirement of remote_pay which needs ^2.0.0)".
const VERSION_MISMATCH = /Version (\d+)\S* from \S+ of shared singleton module \S+ does not satisfy the requirement of \S+ which needs \D*(\d+)/;

export function remoteFailureReason(error: unknown): RemoteFailureReason {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const mismatch = VERSION_MISMATCH.exec(message);
  if (!mismatch) return 'unavailable';
  const [, providedMajor = '0', requiredMajor = '0'] = mismatch;
  return Number(requiredMajor) > Number(providedMajor) ? 'needs-newer-portal' : 'needs-older-portal';
}
