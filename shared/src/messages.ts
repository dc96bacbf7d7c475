// The texts of the contract's common parts (notices, the spinner, the two errors any call may meet) in both languages: one
// catalog, loaded by the host before its first render, since every page may show them.
import { defineMessages } from '@portal/shared/i18n';
// eslint-disable-next-line no-restricted-imports -- the catalog is this module's data, not a shared module
import en from './messages/en.json';

export const sharedTexts = defineMessages('shared', { en, cy: () => import('./messages/cy.json') });
