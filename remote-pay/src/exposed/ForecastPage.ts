// Exposed to the host as 'remote_pay/ForecastPage'.
export { default } from '../forecast/ForecastPage';
