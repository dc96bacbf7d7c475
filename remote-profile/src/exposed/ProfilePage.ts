// Exposed to the host as 'remote_profile/ProfilePage'.
export { default } from '../profile/ProfilePage';
