// Exposed to the host as 'remote_employer/EmployeeRecordPage'.
export { default } from '../console/EmployeeRecordPage';
