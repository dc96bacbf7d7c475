// British formatting of money and dates (Intl: en-GB, or cy-GB on a Welsh page). Dates are ISO text on
// the wire; the date part is read as a calendar date (UTC) and formatted in UTC, so nothing shifts with
// the user's time zone.
// Invalid input comes back unchanged instead of 'Invalid Date' or 'NaN'.
import { CURRENCY, LOCALE, UPDATE_CREATED_DATE_LENGTH } from '@portal/shared/constants';
import { intlFallbackMonths, intlLocale } from '@portal/shared/intl-locale';

/**
 * Made on first use, not when the module is evaluated: each formatter costs milliseconds to create
 * (locale data), which on a signed-in first visit was one long task of the main thread, and most
 * pages use one or two of them (less blocking time on Home).
 */
function onFirstUse<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>();
  return () => {
    const locale = intlLocale();
    // A locale's formats with and without month names of its own (intl-locale.ts) are two formats.
    const key = intlFallbackMonths() ? `${locale}+months` : locale;
    let format = made.get(key);
    if (!format) made.set(key, (format = make(locale)));
    return format;
  };
}

type DateFormat = { format: (date: Date) => string };

/**
 * A date format in the locale, or, where Intl has no data for it (Chromium has no Welsh), en-GB's with
 * the locale's month names put in (intl-locale.ts), so a Welsh page never shows an English month.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): () => DateFormat {
  return onFirstUse((locale) => {
    const format = new Intl.DateTimeFormat([locale, LOCALE], { ...options, timeZone: 'UTC' });
    const months = intlFallbackMonths();
    const names = options.month === 'long' ? months?.long : options.month === 'short' ? months?.short : undefined;
    if (!names || format.resolvedOptions().locale.startsWith(locale.split('-')[0]!)) return format;
    return {
      format: (date) =>
        format
          .formatToParts(date)
          .map((part) => (part.type === 'month' ? names[date.getUTCMonth()] : part.value))
          .join(''),
    };
  });
}

const moneyFormat = onFirstUse((locale) => new Intl.NumberFormat([locale, LOCALE], { style: 'currency', currency: CURRENCY }));
const longDateFormat = dateFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const numericDateFormat = dateFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
const shortDateFormat = dateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const monthYearFormat = dateFormat({ month: 'long', year: 'numeric' });

/** '£1,234.56'. Accepts a number (or numeric text) of pounds; anything else is returned as text unchanged. */
export function formatMoney(pounds: number | string): string {
  const value = typeof pounds === 'string' && pounds.trim() !== '' ? Number(pounds) : pounds;
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(pounds);
  const rounded = Math.round(value * 100) / 100;
  // Never show '-£0.00'.
  return moneyFormat().format(rounded === 0 ? 0 : rounded);
}

export type DateParts = { day: string; month: string; year: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/;

/** The calendar date of ISO text ('YYYY-MM-DD' or a date-time) as a UTC midnight Date, or null. */
export function parseIsoDate(iso: string): Date | null {
  if (typeof iso !== 'string') return null;
  const match = ISO_DATE.exec(iso.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // years 0-99 are not shifted to 1900-1999
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

function formatWith(format: () => DateFormat, iso: string): string {
  const date = parseIsoDate(iso);
  return date ? format().format(date) : iso;
}

/** '31 October 2026' (payslip pay dates). */
export function formatLongDate(iso: string): string {
  return formatWith(longDateFormat, iso);
}

/** 'October 2026' (a month's pay). */
export function formatMonthYear(iso: string): string {
  return formatWith(monthYearFormat, iso);
}

/** '31/10/2026' (document dates). */
export function formatNumericDate(iso: string): string {
  return formatWith(numericDateFormat, iso);
}

/** '31 Oct 2026' (update dates). Only the first 10 characters (the date) are used. */
export function formatShortDate(iso: string): string {
  if (typeof iso !== 'string') return iso;
  return formatWith(shortDateFormat, iso.trim().slice(0, UPDATE_CREATED_DATE_LENGTH));
}

/** '2025/26' from 2025, '2025', '2025/26', '2025-26' or '2025/2026'. Other input is returned as text. */
export function formatTaxYear(startYear: number | string): string {
  const text = String(startYear).trim();
  const match = /^(\d{4})(?:\s*[/-]\s*(\d{2}|\d{4}))?$/.exec(text);
  if (!match) return String(startYear);
  const start = Number(match[1]);
  const end = (start + 1) % 100;
  if (match[2] !== undefined && Number(match[2]) % 100 !== end) return String(startYear);
  return `${start}/${String(end).padStart(2, '0')}`;
}

function pad2(value: string | number): string {
  const text = String(value).trim();
  return text.length === 1 ? `0${text}` : text;
}

type DateInput = { day: string | number; month: string | number; year: string | number };

/** Date of birth for the finalize payload: 'MM/DD/YYYY'. */
export function toDobPayload({ day, month, year }: DateInput): string {
  return `${pad2(month)}/${pad2(day)}/${String(year).trim()}`;
}

/** 'YYYY-MM-DD' (the identity provider's birthDate). */
export function toIsoDate({ day, month, year }: DateInput): string {
  return `${String(year).trim()}-${pad2(month)}-${pad2(day)}`;
}

/** { day: '14', month: '05', year: '1990' } from '1990-05-14'; empty strings if it is not an ISO date. */
export function splitIsoDate(iso: string | null | undefined): DateParts {
  const match = typeof iso === 'string' ? ISO_DATE.exec(iso.trim()) : null;
  if (!match) return { day: '', month: '', year: '' };
  return { day: match[3] ?? '', month: match[2] ?? '', year: match[1] ?? '' };
}
