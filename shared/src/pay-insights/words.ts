// The words the pay explanations are written in, passed in by whoever shows them: a screen reads its
// page's language (@portal/shared/pay-insights/page-words), the API a person's own for a PDF
// (api/src/i18n/pay-words.ts). The texts are one catalog in both languages (messages/en.json and
// messages/cy.json, ICU message format), so a screen and a PDF never word a payslip two ways.
// eslint-disable-next-line no-restricted-imports -- the catalog is this module's data, not a shared module
import type english from './messages/en.json';

export type PayTextId = keyof typeof english;

export type PayWords = {
  /** A text of the catalog in this language, its placeholders filled. */
  text: (id: PayTextId, values?: Record<string, string | number>) => string;
  /** '5 April 2024', '5 Ebrill 2024'. */
  longDate: (isoDate: string) => string;
  /** 'October 2026', 'Hydref 2026'. */
  monthYear: (isoDate: string) => string;
};

/** 'more' or 'less': the select key the catalog's texts read a change's direction by. */
export const direction = (delta: number): 'more' | 'less' => (delta > 0 ? 'more' : 'less');
