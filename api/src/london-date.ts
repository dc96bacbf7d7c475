// The date in the UK, as YYYY-MM-DD: what "today" means to a UK employee. The UTC date is a day
// behind between midnight and 1 am in British Summer Time.

const londonIsoDateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/London' });

/** The UK date of `at` (default now), e.g. '2026-06-02' for 2026-06-01T23:30:00Z. */
export function londonIsoDate(at: Date = new Date()): string {
  return londonIsoDateFormat.format(at);
}

const britishDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM-DD date as people in the UK write it, e.g. '6 April 2026'. */
export function britishDate(isoDate: string): string {
  return britishDateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
