// The host's frame texts (the header, navigation, menu and footer of every page) in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const frame = defineMessages('frame', { en, cy: () => import('./cy.json') });
