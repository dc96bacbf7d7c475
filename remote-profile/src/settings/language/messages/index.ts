// Settings' language section's texts in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const languageTexts = defineMessages('settingsLanguage', { en, cy: () => import('./cy.json') });
