// The texts of 'Ask payroll about this' (the button beside a line, the form, the thread) in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const askTexts = defineMessages('askPayroll', { en, cy: () => import('./cy.json') });
