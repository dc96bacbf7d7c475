// The ONE place the response body shape of spec section 7 is unwrapped.
//   { data: "<json text>" } whose text parses to { status, error, data }  -> that envelope
//   { status, error?, data }                                              -> that envelope
//   anything else ({ user: ... }, a list, text)                            -> { status: httpStatus, error: null, data: body }
import type { Envelope } from '@portal/shared/api/types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ status: number, data }` or `{ status: number, error }`, with error a string or null/absent. */
function isEnvelopeShape(value: unknown): value is { status: number; error?: unknown; data?: unknown } {
  if (!isRecord(value) || typeof value.status !== 'number') return false;
  const hasData = 'data' in value;
  const hasError = typeof value.error === 'string';
  const errorOk = value.error === undefined || value.error === null || typeof value.error === 'string';
  return errorOk && (hasData || hasError);
}

function toEnvelope<T>(value: { status: number; error?: unknown; data?: unknown }): Envelope<T> {
  return {
    status: value.status,
    error: typeof value.error === 'string' ? value.error : null,
    data: ('data' in value ? value.data : null) as T,
  };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function unwrapEnvelope<T>(body: unknown, httpStatus: number): Envelope<T> {
  // The body itself arrived as text (not parsed by the HTTP client).
  if (typeof body === 'string') {
    const parsed = tryParse(body);
    if (!parsed.ok) return { status: httpStatus, error: null, data: body as T };
    if (typeof parsed.value === 'string') return { status: httpStatus, error: null, data: parsed.value as T };
    return unwrapEnvelope<T>(parsed.value, httpStatus);
  }

  if (isRecord(body)) {
    // { data: "<json text>" }: the usual shape of /api/users/... responses.
    if (typeof body.data === 'string' && !('status' in body)) {
      const parsed = tryParse(body.data);
      if (!parsed.ok) return { status: httpStatus, error: null, data: body.data as T };
      if (isEnvelopeShape(parsed.value)) return toEnvelope<T>(parsed.value);
      return { status: httpStatus, error: null, data: parsed.value as T };
    }
    // Already { status, error?, data }.
    if (isEnvelopeShape(body)) return toEnvelope<T>(body);
  }

  return { status: httpStatus, error: null, data: body as T };
}
