// The authorised user is asked for as soon as the runtime config is known and the expiry cookie says
// signed in: in parallel with the sign-in client's user info and the first page's remote,
// not after the shell has rendered. The shell's first load takes this answer instead of asking again.
import type { AuthorisedUser } from '@portal/shared/api/types';
import { fetchAuthorisedUser } from './authorised-user-api';

let started: Promise<AuthorisedUser> | null = null;

/** Starts GET /api/users/authorised now; its answer waits for the shell. */
export function startAuthorisedUser(): void {
  const request = fetchAuthorisedUser();
  // Unhandled until the shell takes it; a failure is asked again there (takeAuthorisedUser).
  request.catch(() => {});
  started = request;
}

/**
 * The user: the early request's answer the first time (a failed one is asked again, so errors are
 * the shell's own), a new request after that. An aborted `signal` drops the answer as a cancelled request.
 */
export async function takeAuthorisedUser(signal?: AbortSignal): Promise<AuthorisedUser> {
  const early = started;
  started = null;
  if (!early) return fetchAuthorisedUser(signal);
  const user = await early.catch(() => null);
  signal?.throwIfAborted();
  return user ?? fetchAuthorisedUser(signal);
}
