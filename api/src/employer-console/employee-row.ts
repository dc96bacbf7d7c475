// A record as the console shows it: the mobile number masked, the live invitation beside it.
import { toIso } from '../db/convert';
import type { DbTimestamp } from '../db/schema';
import { normalisePhone } from '../linking/normalise';
import type { EmployeeRowData, LinkState } from './employees-repository';

export type EmployeeRow = {
  id: string;
  externalId: string;
  name: string;
  email: string | null;
  mobile: string | null;
  hasMobile: boolean;
  state: LinkState;
  startDate: string;
  endDate: string | null;
  invitation: { channel: 'email' | 'sms'; sentAt: string; expiresAt: string } | null;
  failedChecks: number;
};

type Invitation = { employment_id: string; channel: string; last_sent_at: DbTimestamp; expires_at: DbTimestamp };

/** "07700900123" as "07••• •••123": enough to tell numbers apart, not enough to use one. */
export function maskMobile(phone: string | null): string | null {
  if (!phone) return null;
  const digits = normalisePhone(phone);
  if (digits.length < 6) return '••• •••';
  return `${digits.slice(0, 2)}••• •••${digits.slice(-3)}`;
}

/** Rows with their newest live invitation (`invitations` newest first). */
export function toEmployeeRows(rows: EmployeeRowData[], invitations: Invitation[]): EmployeeRow[] {
  const newest = new Map<string, Invitation>();
  for (const invitation of invitations) if (!newest.has(invitation.employment_id)) newest.set(invitation.employment_id, invitation);
  return rows.map((row) => {
    const invitation = newest.get(row.id);
    return {
      id: row.id,
      externalId: row.external_id ?? row.id,
      name: row.employee_name,
      email: row.contact_email,
      mobile: maskMobile(row.mobile_phone),
      hasMobile: Boolean(row.mobile_phone),
      state: row.state,
      startDate: row.start_date,
      endDate: row.end_date,
      invitation: invitation
        ? { channel: invitation.channel === 'sms' ? 'sms' : 'email', sentAt: toIso(invitation.last_sent_at), expiresAt: toIso(invitation.expires_at) }
        : null,
      failedChecks: Number(row.failed_checks),
    };
  });
}
