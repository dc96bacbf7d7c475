// The Welsh month names as CLDR writes them (what Intl's cy-GB prints where it has Welsh): for a
// browser without Welsh in its Intl. Loaded only on a Welsh page of such a browser (i18n.ts).
import type { MonthNames } from '@portal/shared/intl-locale';

export const WELSH_MONTHS: MonthNames = {
  long: ['Ionawr', 'Chwefror', 'Mawrth', 'Ebrill', 'Mai', 'Mehefin', 'Gorffennaf', 'Awst', 'Medi', 'Hydref', 'Tachwedd', 'Rhagfyr'],
  short: ['Ion', 'Chwef', 'Maw', 'Ebr', 'Mai', 'Meh', 'Gorff', 'Awst', 'Medi', 'Hyd', 'Tach', 'Rhag'],
};
