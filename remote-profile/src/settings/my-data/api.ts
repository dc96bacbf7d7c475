// The calls of "Your data" in Settings, through the portal's one API client: the ZIP of everything
// the portal holds about the user, and closing the account (what it means, the e-mailed code, the
// closing itself). Plain fetchers: given the user and a signal, they read no store.
import axios from 'axios';
import { apiGet, apiGetBlob, apiPost, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { AccountClosed, AccountClosing, AccountClosingErrorCode, ClosingCodeSent, CloseAccountRequest } from '@portal/shared/api/types';

/** GET /api/users/{userId}/my-data/archive: the ZIP, with the name the server gives it. */
export function fetchMyDataArchive({ userId }: UserScope, signal: AbortSignal) {
  return apiGetBlob(userApiPath(userId, 'my-data', 'archive'), { signal });
}

/** GET /api/users/{userId}/close-account */
export async function fetchAccountClosing({ userId }: UserScope, signal: AbortSignal): Promise<AccountClosing> {
  return (await apiGet<AccountClosing>(userApiPath(userId, 'close-account'), { signal })).data;
}

/** POST /api/users/{userId}/close-account/code */
export async function sendClosingCode({ userId }: UserScope): Promise<ClosingCodeSent> {
  return (await apiPost<ClosingCodeSent>(userApiPath(userId, 'close-account', 'code'), {})).data;
}

/** POST /api/users/{userId}/close-account */
export async function closeAccount({ userId }: UserScope, request: CloseAccountRequest): Promise<AccountClosed> {
  return (await apiPost<AccountClosed>(userApiPath(userId, 'close-account'), request)).data;
}

/** The `code` and `triesLeft` of a refused closing, when the answer carried them. */
export function closingRefusal(error: unknown): { code: AccountClosingErrorCode | null; triesLeft: number | null } {
  if (!axios.isAxiosError(error)) return { code: null, triesLeft: null };
  let body: unknown = error.response?.data;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return { code: null, triesLeft: null };
    }
  }
  const { code, triesLeft } = (body && typeof body === 'object' ? body : {}) as { code?: unknown; triesLeft?: unknown };
  return {
    code: typeof code === 'string' ? (code as AccountClosingErrorCode) : null,
    triesLeft: typeof triesLeft === 'number' ? triesLeft : null,
  };
}
