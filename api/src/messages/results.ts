// What one send answers, and how a provider's answer maps onto it. Callers act on the outcome: the
// notification sender parks a refused notice at once and tries a failed one again later, never
// sooner than the provider asked.

export type SendResult =
  /** The provider took the message; `providerId` is its id for the message (null for the outbox). */
  | { outcome: 'accepted'; providerId: string | null }
  /** Never worth trying again: a number or address the provider will not send to. */
  | { outcome: 'refused'; reason: string }
  /** Worth trying again later: rate-limited, the provider down or slow, the connection refused. */
  | { outcome: 'failed'; reason: string; retryAfterMs: number | null };

export const accepted = (providerId: string | null): SendResult => ({ outcome: 'accepted', providerId });
export const refused = (reason: string): SendResult => ({ outcome: 'refused', reason });
export const failed = (reason: string, retryAfterMs: number | null = null): SendResult => ({ outcome: 'failed', reason, retryAfterMs });

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: unknown, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * An HTTP provider's refusal: 429 (with its Retry-After), 408 and 5xx are temporary; 401 and 403 too,
 * since they say our key is wrong, not the recipient (a fixed key sends them); any other 4xx is final.
 */
export function fromHttpStatus(status: number, retryAfter: unknown, reason: string): SendResult {
  const text = `${status}: ${reason}`;
  if (status === 429) return failed(`rate-limited (${text})`, retryAfterMs(retryAfter));
  if (status === 401 || status === 403) return failed(`the provider refused our credentials (${text})`);
  if (status === 408) return failed(text);
  if (status >= 400 && status < 500) return refused(text);
  return failed(text, status === 503 ? retryAfterMs(retryAfter) : null);
}

/** No answer: a time-out, a refused or broken connection. Always temporary. */
export function fromNetworkError(err: unknown, timeoutMs: number): SendResult {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ETIMEOUT' || /timeout|timed out/i.test(message ?? '')) {
    return failed(`no answer within ${timeoutMs} ms`);
  }
  if (code === 'ECONNREFUSED') return failed('connection refused');
  return failed(code ? `${code}: ${message ?? ''}`.trim() : (message ?? String(err)));
}
