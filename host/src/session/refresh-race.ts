// Two tabs share one session: both schedule a refresh 10 s before expiry, one rotates the refresh
// token, the other's refresh is refused (the server's reuse grace window answers 400 without ending
// the session). The loser must not sign out — that would now end the session for every tab — but
// pick up the cookies the winner received and schedule its next refresh.
import { ACCESS_TOKEN_EXPIRY_COOKIE, AUTO_REFRESH_SECONDS_BEFORE_EXPIRY } from '@portal/shared/constants';

/** Seconds of margin beyond the refresh lead time: less than this left means nobody refreshed. */
const RACE_MARGIN_SECONDS = 5;

/** The access-token expiry (epoch seconds) in the readable cookie, or null when absent or unreadable. */
export function readAccessTokenExpiry(cookies: string = document.cookie): number | null {
  const entry = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${ACCESS_TOKEN_EXPIRY_COOKIE}=`));
  const value = Number(entry?.slice(ACCESS_TOKEN_EXPIRY_COOKIE.length + 1));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * True when a failed automatic refresh lost a race with another tab: the expiry cookie lies further
 * ahead than a refresh due now could have left it, so the session was renewed elsewhere.
 */
export function lostRefreshRace(nowMs: number, expirySeconds: number | null): boolean {
  if (expirySeconds === null) return false;
  return expirySeconds * 1000 - nowMs > (AUTO_REFRESH_SECONDS_BEFORE_EXPIRY + RACE_MARGIN_SECONDS) * 1000;
}

let rearm: (() => void) | null = null;

/** The host registers the SDK's initAutoRefresh here (it lives in the SDK's React context). */
export function setRefreshRearm(next: (() => void) | null): void {
  rearm = next;
}

/** Schedules the SDK's next automatic refresh; false when nothing is registered. */
export function rearmAutoRefresh(): boolean {
  if (!rearm) return false;
  rearm();
  return true;
}
