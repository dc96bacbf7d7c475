// Spec section 2: a `token` query parameter is saved to localStorage on load, and every redirect
// keeps it in the address.
import { STORAGE_KEYS } from '@portal/shared/constants';

export function saveTokenParam(search: string = window.location.search): void {
  const token = new URLSearchParams(search).get('token');
  if (token) localStorage.setItem(STORAGE_KEYS.token, token);
}

/** '?token=…' when the current address carries a token, else ''. */
export function tokenSearch(search: string): string {
  const token = new URLSearchParams(search).get('token');
  return token ? `?${new URLSearchParams({ token }).toString()}` : '';
}
