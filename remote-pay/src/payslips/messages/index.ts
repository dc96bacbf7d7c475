// The payslips list's texts in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const payslipsTexts = defineMessages('payslips', { en, cy: () => import('./cy.json') });
