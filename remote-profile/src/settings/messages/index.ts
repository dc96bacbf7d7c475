// Settings' texts (the page, the password, your data, the security parts' errors) in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const settingsTexts = defineMessages('settings', { en, cy: () => import('./cy.json') });
