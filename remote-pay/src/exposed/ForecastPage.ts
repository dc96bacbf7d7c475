// Exposed to the host as 'remote_pay/ForecastPage'.
import { loadFormPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { forecastTexts } from '../forecast/messages';
import { payTexts } from '../lib/messages';

export { default } from '../forecast/ForecastPage';

/** The page's texts and its form parts' in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([forecastTexts.load(), payTexts.load(), loadFormPartsTexts()]);
