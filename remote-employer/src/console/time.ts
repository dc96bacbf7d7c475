// Times of the console's events, British and in UK time whatever the admin's own time zone:
// '3 March 2026, 14:05'. Dates without a time use @portal/shared/format.
const londonTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Europe/London',
});

/** '3 March 2026, 14:05' (Europe/London) from ISO text; other text unchanged. */
export function formatLondonTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(londonTime.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}
