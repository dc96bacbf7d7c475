// The compare page's texts in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const compareTexts = defineMessages('compare', { en, cy: () => import('./cy.json') });
