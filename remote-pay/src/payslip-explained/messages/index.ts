// The texts around a payslip's explained parts (pay details, earnings, 'What is this?') in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const explainedTexts = defineMessages('payslipExplained', { en, cy: () => import('./cy.json') });
