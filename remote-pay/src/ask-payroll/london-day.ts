// The UK day of an instant, as people in the UK write it: '6 April 2026' (Europe/London, whatever the reader's zone).
const londonDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

export function formatLondonDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : londonDay.format(date);
}
