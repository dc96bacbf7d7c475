// Home's texts in both languages (its English is on Home's byte budget: ids kept short).
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const homeTexts = defineMessages('home', { en, cy: () => import('./cy.json') });
