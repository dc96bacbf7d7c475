// Exposed to the host as 'remote_employer/AuditLogPage'.
export { default } from '../console/AuditLogPage';
