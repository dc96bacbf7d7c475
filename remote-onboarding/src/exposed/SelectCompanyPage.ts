// Exposed to the host as 'remote_onboarding/SelectCompanyPage'.
export { default } from '../select-company/SelectCompanyPage';
