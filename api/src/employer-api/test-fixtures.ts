// Test support for the publishing API: keys made by the real command, calls with a key, and a
// payslip whose figures add up (October 2026, tax month 7), to be broken one field at a time.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { EmployerKeyRepository } from './key-repository';
import { runEmployerKeyCommand } from './key-command';
import type { EmploymentRecordInput, PayslipInput } from './schemas';

export const BASE = '/employer-api/v1';

/** Runs `employer-key <args>` and answers its exit code, what it printed, and the key it printed (if any). */
export async function keyCommand(db: Kysely<Database>, ...args: string[]): Promise<{ code: number; out: string[]; err: string[]; key: string | null }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runEmployerKeyCommand(args, new EmployerKeyRepository(db), { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err, key: out.find((line) => /^ek_[0-9a-f]+\./.test(line)) ?? null };
}

export async function newKey(db: Kysely<Database>, employerId: string): Promise<string> {
  const { key, err } = await keyCommand(db, 'create', employerId);
  if (!key) throw new Error(`no key made: ${err.join(' ')}`);
  return key;
}

export function employerCall(
  app: FastifyInstance,
  key: string | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${BASE}${url}`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export function employmentRecord(overrides: Partial<EmploymentRecordInput> = {}): EmploymentRecordInput {
  return {
    employeeName: 'Jordan Lee',
    email: 'jordan.lee@example.com',
    mobilePhone: '07700900321',
    niNumber: 'AB123456C',
    bankLast4: '2468',
    birthDate: '1991-03-09',
    taxCode: '1257L',
    startDate: '2024-09-02',
    ...overrides,
  };
}

/** A payslip that adds up: 3,000.00 gross, 700.00 deducted, 2,300.00 net, paid 30 October 2026. */
export function payslip(payslipId: string, employmentId: string, overrides: Partial<PayslipInput> = {}): PayslipInput {
  return {
    payslipId,
    employmentId,
    payDate: '2026-10-30',
    taxCode: '1257L',
    niCategory: 'A',
    taxPeriod: 7,
    earnings: [
      { kind: 'basic', name: 'Basic salary', amountPence: 280_000 },
      { kind: 'overtime', name: 'Overtime', amountPence: 20_000, hours: 10, ratePence: 2_000 },
    ],
    grossPence: 300_000,
    taxablePence: 285_000,
    deductions: [
      { name: 'Income Tax', amountPence: 40_000 },
      { name: 'National Insurance', amountPence: 15_000 },
      { name: 'Pension', amountPence: 15_000 },
    ],
    totalDeductionsPence: 70_000,
    netPence: 230_000,
    other: [{ name: 'Employer pension contribution', amountPence: 9_000 }],
    yearToDate: {
      grossPence: 2_100_000,
      taxablePence: 1_995_000,
      incomeTaxPence: 280_000,
      nationalInsurancePence: 105_000,
      pensionPence: 105_000,
      studentLoanPence: 0,
      netPence: 1_610_000,
    },
    ...overrides,
  };
}
