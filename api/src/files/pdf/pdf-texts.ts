// The labels of the PDFs the API draws, in the language each is drawn for (messages/en.json and
// messages/cy.json, read through languages/catalog.ts). The explanations of a payslip are the
// screens' own (languages/pay-words.ts).
import { serverCatalog } from '../../languages/catalog';
import cy from './messages/cy.json';
import en from './messages/en.json';

export type PdfTextId = keyof typeof en;

export const pdfTexts = serverCatalog<PdfTextId>({ en, cy });
