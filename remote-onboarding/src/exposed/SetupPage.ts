// Exposed to the host as 'remote_onboarding/SetupPage'.
export { default } from '../setup/SetupPage';
