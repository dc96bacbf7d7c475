// The texts of 'Ask payroll about this' beside a payslip line, in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const askButtonTexts = defineMessages('askPayrollButton', { en, cy: () => import('./cy.json') });
