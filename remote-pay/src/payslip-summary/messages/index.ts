// The texts of one payslip's summary (Home's card, a payslip's page) in both languages, its ring chart's too.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const summaryTexts = defineMessages('payslipSummary', { en, cy: () => import('./cy.json') });
