// The pay words several of this remote's screens use (the lines of a payslip, its loading and errors),
// in both languages; HMRC's Welsh names for the tax words (Treth Incwm, Yswiriant Gwladol).
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const payTexts = defineMessages('pay', { en, cy: () => import('./cy.json') });

/** The id of one of these words. */
export type PayTextId = keyof typeof en;
