// Exposed to the host as 'remote_onboarding/ConfirmAccountPage'.
export { default } from '../confirm-account/ConfirmAccountPage';
