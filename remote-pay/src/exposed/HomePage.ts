// Exposed to the host as 'remote_pay/HomePage'.
export { default } from '../home/HomePage';
