// The proof-of-income download's texts in both languages.
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const proofOfIncomeTexts = defineMessages('proofOfIncome', { en, cy: () => import('./cy.json') });
