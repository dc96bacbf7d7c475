// The pay-document lists' texts (P60s, P11Ds, P45s, pension letters) in both languages.
import { defineMessages } from '@portal/shared/i18n';
import { matchesFileType } from '@portal/shared/paths';
import en from './en.json';

export const payDocumentsTexts = defineMessages('payDocuments', { en, cy: () => import('./cy.json') });

/** A document type as a person reads it: the form names are the same in both languages; a pension letter is not. */
export function documentTypeName(fileType: string): string {
  return matchesFileType(fileType, 'Pension Letter') ? payDocumentsTexts.t('pensionLetterType') : fileType;
}
