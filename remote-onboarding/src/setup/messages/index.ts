// The set-up checklist's texts in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const setupTexts = defineMessages('setup', { en, cy: () => import('./cy.json') });
