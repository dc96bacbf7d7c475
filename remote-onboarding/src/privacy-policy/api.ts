// Plain fetchers of the privacy-policy panel (docs/api-contract.md).
import { apiGet, apiPatch, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { UserRecord, UserRecordPatch } from '@portal/shared/api/types';

/**
 * The policy HTML from `data`. The contract sends the HTML itself; the spec also reads it as JSON
 * text whose own `data` holds the HTML, so that form is unwrapped too.
 */
function readPolicyHtml(data: unknown): string {
  if (typeof data !== 'string') return '';
  if (!/^\s*\{/.test(data)) return data;
  try {
    const inner = JSON.parse(data) as unknown;
    if (typeof inner === 'object' && inner !== null && typeof (inner as { data?: unknown }).data === 'string') {
      return (inner as { data: string }).data;
    }
  } catch {
    // Not JSON: it is the HTML.
  }
  return data;
}

/** GET /api/users/{userId}/privacy_policy_text: the policy HTML (unsanitised: sanitise before showing). */
export async function fetchPrivacyPolicyHtml({ userId }: UserScope, signal?: AbortSignal): Promise<string> {
  const envelope = await apiGet<unknown>(userApiPath(userId, 'privacy_policy_text'), { signal });
  return readPolicyHtml(envelope.data);
}

/** PATCH /api/users/{userId} { privacyPolicyAccepted: true }. */
export async function acceptPrivacyPolicy({ userId }: UserScope, signal?: AbortSignal): Promise<UserRecord> {
  const body: UserRecordPatch = { privacyPolicyAccepted: true };
  const envelope = await apiPatch<UserRecord>(userApiPath(userId), body, { signal });
  return envelope.data;
}
