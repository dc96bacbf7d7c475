// The Intl locale that dates and money are written in: en-GB, or cy-GB on a Welsh page (set by
// @portal/shared/i18n when the host activates the page's language). Apart from the i18n module, so the
// API, which formats in en-GB and has no page, uses the formats without the language layer.
import { LOCALE } from '@portal/shared/constants';

let current: string = LOCALE;

export const intlLocale = (): string => current;

export function setIntlLocale(locale: string): void {
  current = locale;
}
