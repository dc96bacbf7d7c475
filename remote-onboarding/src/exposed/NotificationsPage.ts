// Exposed to the host as 'remote_onboarding/NotificationsPage'.
export { default } from '../notifications/NotificationsPage';
