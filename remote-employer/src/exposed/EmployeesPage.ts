// Exposed to the host as 'remote_employer/EmployeesPage'.
export { default } from '../console/EmployeesPage';
