// Exposed to the host as 'remote_employer/QuestionsPage'.
export { default } from '../console/QuestionsPage';
