// The language kept on the person's account (PATCH /api/users/{userId} { language }): it follows them to
// every device they sign in on, and the switch keeps it up to date while they are signed in.
import { getApiClient, userApiPath } from '@portal/shared/api/client';
import { chooseLanguage, currentLanguage, rememberLanguage, type Language } from '@portal/shared/i18n';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { useSessionStore } from '@portal/shared/stores/session';

/** How long the switch waits for the account to take the choice before the page loads again anyway. */
const SAVE_WAIT_MS = 2000;

/**
 * On a page in another language than the account's (a new device, or a choice made elsewhere): this
 * device takes the account's language and the page loads again in it, once. Not when the config does
 * not offer it, and not when the cookie cannot be kept (the page would load again for ever).
 */
export function followAccountLanguage(language: Language | null | undefined, reload = () => window.location.reload()): void {
  if (!language || language === currentLanguage() || !getRuntimeConfig().languages.includes(language)) return;
  rememberLanguage(language);
  if (chooseLanguage(document.cookie, []) === language) reload();
}

/**
 * The person chose `language`: this device remembers it, a signed-in account keeps it too, and the page
 * loads again in it (each page reads its texts once). The header's switch and Settings (a host action).
 */
export async function switchLanguage(language: Language, { signedIn }: { signedIn: boolean }, reload = () => window.location.reload()): Promise<void> {
  rememberLanguage(language);
  if (signedIn) await saveAccountLanguage(language);
  reload();
}

/** Keeps a signed-in person's choice on their account; a failure leaves it on this device alone. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  const { userId } = useSessionStore.getState();
  const saved = getApiClient().patch(userApiPath(userId), { language });
  await Promise.race([saved, new Promise((resolve) => setTimeout(resolve, SAVE_WAIT_MS))]).catch(() => undefined);
}
