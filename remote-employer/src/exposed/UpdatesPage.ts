// Exposed to the host as 'remote_employer/UpdatesPage'.
export { default } from '../console/UpdatesPage';
