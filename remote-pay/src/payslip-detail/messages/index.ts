// A payslip's page's own texts in both languages (its explained parts' are in ../payslip-explained).
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const payslipTexts = defineMessages('payslip', { en, cy: () => import('./cy.json') });
