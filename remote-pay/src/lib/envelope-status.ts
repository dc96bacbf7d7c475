// Spec section 4: the pay calls count only when the unwrapped envelope says status 200. Any other
// status is a failure of its own kind, so callers can log it and keep their defaults.
import type { Envelope } from '@portal/shared/api/types';

export const OK_STATUS = 200;

export class UnexpectedStatusError extends Error {
  readonly status: number;

  constructor(status: number, what: string) {
    super(`${what} answered with status ${status}.`);
    this.name = 'UnexpectedStatusError';
    this.status = status;
  }
}

/** The envelope's list when its status is 200 (an empty list if `data` is not a list); throws otherwise. */
export function requireOkList<T>(envelope: Envelope<T[] | null>, what: string): T[] {
  if (envelope.status !== OK_STATUS) throw new UnexpectedStatusError(envelope.status, what);
  return Array.isArray(envelope.data) ? envelope.data : [];
}
