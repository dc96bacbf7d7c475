// Exposed to the host as 'remote_onboarding/LinkEmployerPage'.
export { default } from '../link-employer/LinkEmployerPage';
