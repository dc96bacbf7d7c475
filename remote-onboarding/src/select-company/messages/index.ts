// The account picker's texts in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const pickerTexts = defineMessages('picker', { en, cy: () => import('./cy.json') });
