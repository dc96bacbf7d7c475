// What signing out forgets on this device, so the next person at a shared computer starts clean:
// the stores, the token and the offline copy of the user's pay data.
import { STORAGE_KEYS } from '@portal/shared/constants';
import { useAccountStore } from '@portal/shared/stores/account';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { forgetOfflineData } from '../offline/offline-data';

/** Clears the stores at once; the promise settles once the offline copy is deleted too. */
export function clearLocalSession(): Promise<void> {
  useSessionStore.getState().clearSession();
  useSignUpStore.getState().resetSignUp();
  useAccountStore.getState().clearAccount();
  localStorage.removeItem(STORAGE_KEYS.token);
  return forgetOfflineData();
}
