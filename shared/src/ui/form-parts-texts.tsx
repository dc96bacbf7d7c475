// The texts of the contract's form parts (the error summary, the date-of-birth boxes, the National
// Insurance number's tooltip, a field's error and 'optional') in both languages. Kept apart from the
// common catalog, which every page loads: a page with a form loads them in its module's loadMessages,
// and Home carries none of their English.
// eslint-disable-next-line no-restricted-imports -- the catalog is this module's data, not a shared module
import en from './messages/en.json';
import { defineMessages } from '@portal/shared/i18n';

export const formPartsTexts = defineMessages('formParts', { en, cy: () => import('./messages/cy.json') });

/** The parts' texts in the page's language, before the page's first render. */
export const loadFormPartsTexts = formPartsTexts.load;
