// The Documents page's texts (its tabs, shared files and downloads) in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const documentsTexts = defineMessages('documents', { en, cy: () => import('./cy.json') });
