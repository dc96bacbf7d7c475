// What changed: its own texts in both languages (the reasons for each change are @portal/shared/pay-insights').
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const whatChangedTexts = defineMessages('whatChanged', { en, cy: () => import('./cy.json') });
