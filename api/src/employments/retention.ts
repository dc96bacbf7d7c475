// How long a leaver keeps their pay records here: an ended employment's payslips and documents stay
// readable to its linked employee until its end date plus the employer's retention period
// (employers.retention_years, 6 unless the employer says otherwise), then the portal no longer
// serves them. The records themselves stay with the employer.
import { londonIsoDate } from '../london-date';

/**
 * The last day an employment that ended on `endDate` ('YYYY-MM-DD') stays readable: the same day
 * `years` later (29 February becomes 28 February in a year without it). Null while it has not ended.
 */
export function retainedUntil(endDate: string | null, years: number): string | null {
  if (!endDate) return null;
  const [year, month, day] = endDate.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year + years, month, 0)).getUTCDate(); // days in that month
  const until = new Date(Date.UTC(year + years, month - 1, Math.min(day, last)));
  return until.toISOString().slice(0, 10);
}

/** Whether `until` (a retainedUntil date) has passed in the UK on `today` (default: today). */
export function retentionHasEnded(until: string | null, today?: string): boolean {
  return until !== null && until < (today ?? londonIsoDate());
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What a leaver is told once the retention period is over: which employer, and until when the records were here. */
export function retentionEndedMessage(employerName: string, until: string): string {
  const date = longDate.format(new Date(`${until}T00:00:00Z`));
  return `Your payslips and documents from ${employerName} were kept here until ${date} and are no longer available. ${employerName} still keeps its own pay records.`;
}
