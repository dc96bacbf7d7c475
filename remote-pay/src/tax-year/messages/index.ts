// The Tax year screen's texts (totals, month by month, the P60 check) in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const taxYearTexts = defineMessages('taxYear', { en, cy: () => import('./cy.json') });
