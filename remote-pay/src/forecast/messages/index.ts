// The next payslip's estimate's texts in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const forecastTexts = defineMessages('forecast', { en, cy: () => import('./cy.json') });
