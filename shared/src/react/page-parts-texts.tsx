// The texts of the contract's page parts that only some pages show (the tax-year download, the link
// that opens a PDF in the browser), in both languages. Kept apart from the common catalog
// (@portal/shared/messages), which every page loads: a page that shows these parts loads them in its
// module's loadMessages, and Home carries none of their English.
// eslint-disable-next-line no-restricted-imports -- the catalog is this module's data, not a shared module
import en from './messages/en.json';
import { defineMessages } from '@portal/shared/i18n';

export const pagePartsTexts = defineMessages('pageParts', { en, cy: () => import('./messages/cy.json') });

/** The parts' texts in the page's language, before the page's first render. */
export const loadPagePartsTexts = pagePartsTexts.load;
