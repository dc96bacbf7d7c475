// Exposed to the host as 'remote_profile/SettingsPage'.
export { default } from '../settings/SettingsPage';
