// Profile's texts (the overview and its five edit screens) in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const profileTexts = defineMessages('profile', { en, cy: () => import('./cy.json') });

export type ProfileTextId = keyof typeof en;
