// Exposed to the host as 'remote_employer/PublishPage'.
export { default } from '../console/PublishPage';
