// The console's API as a test stands in for it: its envelope, its error answers with a code, and a
// few records of Northwind.
import type { EmployeeRow, EmployerConsoleErrorCode } from '@portal/shared/api/employer-console';
import type { MockApiReply } from '@portal/shared/testing/mock-api';

/** `{ status, error: null, data }`, as the API answers. */
export function ok(data: unknown): MockApiReply {
  return { status: 200, body: { status: 200, error: null, data } };
}

/** An error answer of the console's routes: `{ status, error, data: null, code }`. */
export function consoleError(status: number, code: EmployerConsoleErrorCode, error = 'Refused'): MockApiReply {
  return { status, body: { status, error, data: null, code } };
}

export const NORTHWIND = { id: 'emp-north', name: 'Northwind Logistics Ltd' };
export const BRIGHTWATER = { id: 'emp-bright', name: 'Brightwater Foods plc' };

export function row(overrides: Partial<EmployeeRow> & Pick<EmployeeRow, 'id' | 'name'>): EmployeeRow {
  return {
    externalId: `E${overrides.id.replace(/\D/g, '').padStart(4, '0')}`,
    email: `${overrides.name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    mobile: '07••• •••123',
    hasMobile: true,
    state: 'not_invited',
    startDate: '2024-04-01',
    endDate: null,
    invitation: null,
    failedChecks: 0,
    ...overrides,
  };
}

export const CASEY = row({ id: 'r1', name: 'Casey Lewis' });
export const ROBIN = row({ id: 'r2', name: 'Robin Hughes', mobile: null, hasMobile: false });
export const JORDAN = row({
  id: 'r3',
  name: 'Jordan Patel',
  state: 'locked',
  failedChecks: 3,
  invitation: { channel: 'sms', sentAt: '2026-03-02T09:30:00Z', expiresAt: '2026-03-16T09:30:00Z' },
});

export const ACCESS = ok({ employers: [NORTHWIND], secondStep: true });
