// Spec section 2: a `token` query parameter is saved to localStorage on load, and every redirect
// keeps it in the address.
import { STORAGE_KEYS } from '@portal/shared/constants';

/** The invite link's query parameter (`/?token=INVITE-2026-DEMO`). */
export const TOKEN_PARAM = 'token';

export function saveTokenParam(search: string = window.location.search): void {
  const token = new URLSearchParams(search).get(TOKEN_PARAM);
  if (token) localStorage.setItem(STORAGE_KEYS.token, token);
}

/** '?token=…' when the current address carries a token, else ''. */
export function tokenSearch(search: string): string {
  const token = new URLSearchParams(search).get(TOKEN_PARAM);
  return token ? `?${new URLSearchParams({ [TOKEN_PARAM]: token }).toString()}` : '';
}
