// The Intl locale that dates and money are written in: en-GB, or cy-GB on a Welsh page (set by
// @portal/shared/i18n when the host activates the page's language). Apart from the i18n module, so the
// API, which formats in en-GB and has no page, uses the formats without the language layer.
import { LOCALE } from '@portal/shared/constants';

/** A language's month names, January first: what dates are written with where Intl has no data for it. */
export type MonthNames = { readonly long: readonly string[]; readonly short: readonly string[] };

let current: string = LOCALE;
let fallbackMonths: MonthNames | undefined;

export const intlLocale = (): string => current;

/** The month names to write the locale's dates with when the browser's Intl lacks it (else none). */
export const intlFallbackMonths = (): MonthNames | undefined => fallbackMonths;

/**
 * Makes `locale` the formats' locale. `months`: its month names, for a browser whose Intl has no data
 * for it (Chromium's own builds ship without Welsh): dates are then written in en-GB's order with them.
 */
export function setIntlLocale(locale: string, months?: MonthNames): void {
  current = locale;
  fallbackMonths = months;
}

/** Whether this runtime's Intl has the locale's own dates (Node does; Chromium has no Welsh). */
export const intlSpeaks = (locale: string): boolean => Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
