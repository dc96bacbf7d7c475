// Exposed to the host as 'remote_employer/AdminsPage'.
export { default } from '../console/AdminsPage';
