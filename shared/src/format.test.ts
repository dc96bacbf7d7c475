import type * as format from './format';
import {
  formatLongDate,
  formatMoney,
  formatMonthYear,
  formatNumericDate,
  formatShortDate,
  formatTaxYear,
  parseIsoDate,
  splitIsoDate,
  toDobPayload,
  toIsoDate,
} from './format';
import { activateLanguage } from './i18n';

describe('formatMoney', () => {
  it.each<[number | string, string]>([
    [1234.56, '£1,234.56'],
    [0, '£0.00'],
    [-0, '£0.00'],
    [-0.001, '£0.00'],
    [0.5, '£0.50'],
    [2.005, '£2.01'],
    [-45.2, '-£45.20'],
    [1234567.891, '£1,234,567.89'],
    [1e9, '£1,000,000,000.00'],
    ['2500', '£2,500.00'],
  ])('%p → %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('returns non-numbers unchanged', () => {
    expect(formatMoney(Number.NaN)).toBe('NaN');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(formatMoney('abc')).toBe('abc');
    expect(formatMoney('')).toBe('');
  });
});

describe('dates', () => {
  it('formats long, numeric and short British dates', () => {
    expect(formatLongDate('2026-10-31')).toBe('31 October 2026');
    expect(formatNumericDate('2026-10-31')).toBe('31/10/2026');
    expect(formatShortDate('2026-10-31')).toBe('31 Oct 2026');
    expect(formatNumericDate('2026-01-05')).toBe('05/01/2026');
    expect(formatLongDate('2024-02-29')).toBe('29 February 2024');
  });

  it('uses the first 10 characters of an update created time', () => {
    expect(formatShortDate('2026-03-09T23:59:59.999Z')).toBe('9 Mar 2026');
    expect(formatShortDate('2026-03-09T00:30:00.000+01:00')).toBe('9 Mar 2026');
  });

  it('does not shift dates in British Summer Time', () => {
    // jest.config.cjs runs these tests in Europe/London unless TZ is set.
    if (Intl.DateTimeFormat().resolvedOptions().timeZone === 'Europe/London') {
      expect(new Date(2026, 5, 30).getTimezoneOffset()).toBe(-60);
    }
    expect(formatLongDate('2026-06-30')).toBe('30 June 2026'); // BST
    expect(formatLongDate('2026-03-29')).toBe('29 March 2026'); // clocks go forward
    expect(formatLongDate('2026-10-25')).toBe('25 October 2026'); // clocks go back
    expect(formatNumericDate('2026-01-01')).toBe('01/01/2026'); // GMT
    expect(formatNumericDate('2026-08-01')).toBe('01/08/2026');
    expect(formatShortDate('2026-07-01T00:15:00.000Z')).toBe('1 Jul 2026');
    expect(formatShortDate('2026-06-30T23:30:00.000Z')).toBe('30 Jun 2026'); // already 1 July in London
  });

  it('returns invalid input unchanged', () => {
    expect(formatLongDate('No payslip data to display')).toBe('No payslip data to display');
    expect(formatLongDate('2026-02-30')).toBe('2026-02-30');
    expect(formatNumericDate('31/10/2026')).toBe('31/10/2026');
    expect(formatShortDate('')).toBe('');
    expect(formatLongDate('2026-13-01')).toBe('2026-13-01');
  });

  it('parses ISO dates as UTC calendar dates', () => {
    expect(parseIsoDate('2026-06-30')?.toISOString()).toBe('2026-06-30T00:00:00.000Z');
    expect(parseIsoDate('0099-01-01')?.getUTCFullYear()).toBe(99);
    expect(parseIsoDate('bad')).toBeNull();
  });
});

describe('formatTaxYear', () => {
  it.each<[number | string, string]>([
    [2025, '2025/26'],
    ['2025', '2025/26'],
    ['2025/26', '2025/26'],
    ['2025-26', '2025/26'],
    ['2025/2026', '2025/26'],
    [1999, '1999/00'],
    [2008, '2008/09'],
  ])('%p → %s', (input, expected) => {
    expect(formatTaxYear(input)).toBe(expected);
  });

  it('returns other input unchanged', () => {
    expect(formatTaxYear('2025/27')).toBe('2025/27');
    expect(formatTaxYear('Tax year')).toBe('Tax year');
    expect(formatTaxYear(25)).toBe('25');
  });
});

describe('date parts', () => {
  it('builds the finalize dob as MM/DD/YYYY, zero-padded', () => {
    expect(toDobPayload({ day: '4', month: '5', year: '1990' })).toBe('05/04/1990');
    expect(toDobPayload({ day: 14, month: 12, year: 1990 })).toBe('12/14/1990');
    expect(toDobPayload({ day: ' 02', month: '09 ', year: '1985' })).toBe('09/02/1985');
  });

  it('builds an ISO date', () => {
    expect(toIsoDate({ day: '4', month: '5', year: '1990' })).toBe('1990-05-04');
    expect(toIsoDate({ day: 31, month: 12, year: 2020 })).toBe('2020-12-31');
  });

  it('splits an ISO date into strings', () => {
    expect(splitIsoDate('1990-05-14')).toEqual({ day: '14', month: '05', year: '1990' });
    expect(splitIsoDate('1990-05-14T00:00:00Z')).toEqual({ day: '14', month: '05', year: '1990' });
    expect(splitIsoDate('')).toEqual({ day: '', month: '', year: '' });
    expect(splitIsoDate(null)).toEqual({ day: '', month: '', year: '' });
    expect(splitIsoDate('14/05/1990')).toEqual({ day: '', month: '', year: '' });
  });

  it('round-trips', () => {
    expect(toIsoDate(splitIsoDate('2001-01-09'))).toBe('2001-01-09');
  });
});

describe('the formatters', () => {
  afterEach(() => jest.restoreAllMocks());

  it('are made on first use, once each, not when the module is evaluated', () => {
    const dateFormats = jest.spyOn(Intl, 'DateTimeFormat');
    const numberFormats = jest.spyOn(Intl, 'NumberFormat');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh evaluation of the module
      const fresh = require('./format') as typeof format;
      expect(dateFormats).not.toHaveBeenCalled();
      expect(numberFormats).not.toHaveBeenCalled();
      expect(fresh.formatLongDate('2026-10-31')).toBe('31 October 2026');
      expect(fresh.formatLongDate('2026-11-30')).toBe('30 November 2026');
      expect(dateFormats).toHaveBeenCalledTimes(1);
      expect(fresh.formatMoney(12.5)).toBe('£12.50');
      expect(fresh.formatMoney(3)).toBe('£3.00');
      expect(numberFormats).toHaveBeenCalledTimes(1);
    });
  });
});

describe('on a Welsh page', () => {
  afterEach(() => activateLanguage('en'));

  it('writes dates in Welsh (cy-GB) and money as in English', () => {
    expect(formatLongDate('2026-10-31')).toBe('31 October 2026');
    activateLanguage('cy');
    expect(formatLongDate('2026-10-31')).toBe('31 Hydref 2026');
    expect(formatNumericDate('2026-10-31')).toBe('31/10/2026');
    expect(formatMonthYear('2026-10-31')).toBe('Hydref 2026');
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    activateLanguage('en');
    expect(formatMonthYear('2026-10-31')).toBe('October 2026');
    expect(formatLongDate('2026-10-31')).toBe('31 October 2026');
  });

  it('writes Welsh months in a browser whose Intl has no Welsh (Chromium), in the British order, never an English month', async () => {
    // Chromium's Intl: no Welsh data, so cy-GB would quietly print 'October 31, 2026'.
    const RealDateTimeFormat = Intl.DateTimeFormat;
    const withoutWelsh = (locales?: string | readonly string[]) => [locales ?? []].flat().filter((locale) => !locale.startsWith('cy'));
    function ChromiumDateTimeFormat(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      return new RealDateTimeFormat(withoutWelsh(locales), options);
    }
    const chromiumLike = Object.assign(ChromiumDateTimeFormat, {
      supportedLocalesOf: (locales: string | string[]) => RealDateTimeFormat.supportedLocalesOf(withoutWelsh(locales)),
    });
    Intl.DateTimeFormat = chromiumLike as unknown as typeof Intl.DateTimeFormat;
    try {
      await activateLanguage('cy');
      expect(formatLongDate('2026-10-31')).toBe('31 Hydref 2026');
      expect(formatShortDate('2026-02-05T09:00:00Z')).toBe('5 Chwef 2026');
      expect(formatMonthYear('2026-10-31')).toBe('Hydref 2026');
      expect(formatNumericDate('2026-10-31')).toBe('31/10/2026');
    } finally {
      Intl.DateTimeFormat = RealDateTimeFormat;
    }
  });
});
