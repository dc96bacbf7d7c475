// A hash of what a call sent, independent of key order, to tell a retry (same content) from a
// change sent under an id already used.
import crypto from 'node:crypto';

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

export function contentHash(value: unknown): string {
  return crypto.createHash('sha256').update(canonical(value)).digest('hex');
}
