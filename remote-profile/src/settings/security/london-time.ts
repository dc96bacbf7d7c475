// Times of sign-ins and sessions, British and in UK time whatever the person's own time zone:
// '3 March 2026, 14:05', as the employer console writes its times.
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
