// Exposed to the host as 'remote_employer/KeysPage'.
export { default } from '../console/KeysPage';
