// The pay explanations in the page's language: what a screen passes to @portal/shared/pay-insights.
// A page that shows them loads their Welsh before its first render (`loadPayInsightsTexts` in its
// loadMessages); English-speaking visitors download none of it.
// eslint-disable-next-line no-restricted-imports -- the catalog is this module's data, not a shared module
import en from './messages/en.json';
import { formatLongDate, formatMonthYear } from '@portal/shared/format';
import { defineMessages } from '@portal/shared/i18n';
import type { PayWords } from '@portal/shared/pay-insights/words';

const payInsightsTexts = defineMessages('payInsights', { en, cy: () => import('./messages/cy.json') });

export const pageWords: PayWords = { text: payInsightsTexts.t, longDate: formatLongDate, monthYear: formatMonthYear };

/** The explanations' texts in the page's language, before the page's first render. */
export const loadPayInsightsTexts = payInsightsTexts.load;
