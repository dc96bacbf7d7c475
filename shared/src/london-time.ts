// Instants as people in the UK read them, whatever the reader's own time zone (Europe/London), in the
// page's language: the day ('3 March 2026', '3 Mawrth 2026') and the day with its time
// ('3 March 2026, 14:05'). Dates that have no time use @portal/shared/format.
import { formatLongDate } from '@portal/shared/format';

/** The instant's calendar day and 24-hour time in London, as 'YYYY-MM-DD' and 'HH:MM' (en-CA and en-GB write them so). */
const londonDay = new Intl.DateTimeFormat('en-CA', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/London' });
const londonClock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/London' });

const instantOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '3 March 2026' (Europe/London) from ISO text; other text unchanged. */
export function formatLondonDay(iso: string): string {
  const date = instantOf(iso);
  return date ? formatLongDate(londonDay.format(date)) : iso;
}

/** '3 March 2026, 14:05' (Europe/London) from ISO text; other text unchanged. */
export function formatLondonTime(iso: string): string {
  const date = instantOf(iso);
  return date ? `${formatLongDate(londonDay.format(date))}, ${londonClock.format(date)}` : iso;
}
