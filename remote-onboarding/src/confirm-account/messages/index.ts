// The identity check's texts in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const confirmTexts = defineMessages('confirm', { en, cy: () => import('./cy.json') });
