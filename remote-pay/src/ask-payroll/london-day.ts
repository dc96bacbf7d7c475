// The UK day of an instant, as the page's language writes a date: '6 April 2026' (Europe/London, whatever the reader's zone).
import { formatLongDate } from '@portal/shared/format';

/** The instant's calendar day in London, as 'YYYY-MM-DD' (en-CA writes dates that way). */
const londonIsoDay = new Intl.DateTimeFormat('en-CA', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/London' });

export function formatLondonDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatLongDate(londonIsoDay.format(date));
}
