// The Retry-After header of a 429: whole seconds, rounded up, at least 1.
export const retryAfterSeconds = (waitMs: number): string => String(Math.max(1, Math.ceil(waitMs / 1000)));
