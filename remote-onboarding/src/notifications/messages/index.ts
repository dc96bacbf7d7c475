// The notification choices' texts in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const notificationTexts = defineMessages('notifications', { en, cy: () => import('./cy.json') });
