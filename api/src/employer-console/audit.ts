// The audit log as the console reads it, page by page or whole as CSV. A CSV cell that a
// spreadsheet would read as a formula (starting = + - @, a tab or a carriage return) is prefixed
// with ', and every cell is quoted when it must be (RFC 4180).
import { fromJson, toIso } from '../db/convert';
import type { AuditAction, AuditRow } from './audit-repository';

export type AuditEntry = {
  id: string;
  at: string;
  actor: { name: string; email: string };
  action: AuditAction;
  records: string[];
  detail: string;
  address: string;
};

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: toIso(row.created_at),
    actor: { name: [row.first_name, row.last_name].filter(Boolean).join(' '), email: row.email ?? '' },
    action: row.action as AuditAction,
    records: fromJson<string[]>(row.records),
    detail: row.detail,
    address: row.address,
  };
}

/** One cell: formula-looking text made inert, then quoted if it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

export const CSV_HEADER = ['Time', 'Admin', 'Email', 'Action', 'Records', 'Detail', 'Address'];

/** The whole log as CSV: UTF-8 with a byte-order mark (so spreadsheets read names right), lines ending CRLF. */
export function auditCsv(entries: AuditEntry[]): string {
  const lines = [CSV_HEADER, ...entries.map((e) => [e.at, e.actor.name, e.actor.email, e.action, e.records.join(' '), e.detail, e.address])];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
