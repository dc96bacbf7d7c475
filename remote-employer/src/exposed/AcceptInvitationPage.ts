// Exposed to the host as 'remote_employer/AcceptInvitationPage'.
export { default } from '../console/AcceptInvitationPage';
