// What signing out forgets on this device, so the next person at a shared computer starts clean.
import { STORAGE_KEYS } from '@portal/shared/constants';
import { useAccountStore } from '@portal/shared/stores/account';
import { useSessionStore } from '@portal/shared/stores/session';
import { useSignUpStore } from '@portal/shared/stores/sign-up';

export function clearLocalSession(): void {
  useSessionStore.getState().clearSession();
  useSignUpStore.getState().resetSignUp();
  useAccountStore.getState().clearAccount();
  localStorage.removeItem(STORAGE_KEYS.token);
}
