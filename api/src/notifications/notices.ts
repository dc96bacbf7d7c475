// What a notice of a new payslip or P60 says. The words name the employer and the document, never
// a pay figure: a text or an e-mail can be read by anyone holding the phone or the inbox.

export type Notice =
  | { kind: 'payslip'; source: string; employmentId: string; payDate: string }
  | { kind: 'P60'; source: string; employmentId: string; taxYear: string }
  /** The payroll team answered a question about a payslip (the answer itself is read in the portal). */
  | { kind: 'answer'; source: string; employmentId: string; payDate: string };

function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function wording(notice: Notice, employer: string): { subject: string; email: string; sms: string } {
  if (notice.kind === 'answer') {
    const what = `${employer}'s payroll team answered your question about your payslip for ${longDate(notice.payDate)}`;
    return {
      subject: 'Your payroll question is answered',
      email: `Hello,\n\n${what}. Sign in to your pay portal to read it beside the payslip.\n\nTo change how you hear from us, open Notification preferences in the portal.`,
      sms: `${what}. Sign in to your pay portal to read it.`,
    };
  }
  const what = notice.kind === 'payslip' ? `Your payslip from ${employer} for ${longDate(notice.payDate)}` : `Your P60 for ${notice.taxYear} from ${employer}`;
  return {
    subject: notice.kind === 'payslip' ? 'Your new payslip is ready' : 'Your P60 is ready',
    email: `Hello,\n\n${what} is ready in your pay portal. Sign in to see it.\n\nThis message never shows pay figures. To change how you hear from us, open Notification preferences in the portal.`,
    sms: `${what} is ready in your pay portal. Sign in to see it.`,
  };
}
