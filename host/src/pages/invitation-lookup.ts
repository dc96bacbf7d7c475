// The invitation link's look-up (GET /api/invitations/{token}, no sign-in): once per token and page
// load, and bounded, so the landing page's first render can wait for it and draw the invitation at
// once. The built landing page stays on screen meanwhile; an answer that came after the page was
// drawn would move everything under it.
import { apiGet, getApiErrorFacts } from '@portal/shared/api/client';
import type { Invitation } from '@portal/shared/api/types';

/** What the page says: who invites, that the link no longer works, or nothing (no answer in time). */
export type InvitationLookup = { state: 'live'; invitation: Invitation } | { state: 'not-live' } | null;

/** Longest the first render waits: past it the page shows as it would without a token. */
export const INVITATION_WAIT_MS = 1500;

let started: { token: string; answer: Promise<InvitationLookup> } | null = null;

export function invitationLookup(token: string): Promise<InvitationLookup> {
  if (started?.token !== token) started = { token, answer: lookUp(token) };
  return started.answer;
}

/** Forgets the look-up made (tests). */
export function forgetInvitationLookup(): void {
  started = null;
}

async function lookUp(token: string): Promise<InvitationLookup> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), INVITATION_WAIT_MS);
  try {
    const { data } = await apiGet<Invitation>(`/api/invitations/${encodeURIComponent(token)}`, { signal: controller.signal });
    return { state: 'live', invitation: data };
  } catch (failure) {
    // Only a token the API does not know as live is worth a word; no connection, a busy API or no
    // answer in time leave the ordinary landing page.
    return getApiErrorFacts(failure).code === 'linking.invitation_not_live' ? { state: 'not-live' } : null;
  } finally {
    clearTimeout(timer);
  }
}
