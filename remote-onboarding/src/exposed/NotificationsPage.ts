// Exposed to the host as 'remote_onboarding/NotificationsPage'.
import { notificationTexts } from '../notifications/messages';

export { default } from '../notifications/NotificationsPage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => notificationTexts.load();
