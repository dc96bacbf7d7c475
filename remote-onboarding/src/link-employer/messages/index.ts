// The link page's texts (sending the code, entering it) in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const linkTexts = defineMessages('link', { en, cy: () => import('./cy.json') });
