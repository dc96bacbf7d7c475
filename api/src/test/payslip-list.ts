// The payslip list as the cache and version tests ask for it (test code only).
import type { FastifyInstance } from 'fastify';
import { api, unwrap } from './helpers';
import type { SignedIn } from './helpers';

export type ListedPayslip = { ID: string; payDate: string; netPay: number };

export const payslipListUrl = (user: SignedIn, employmentId: string) => `/api/users/${user.sub}/employments/${employmentId}/payslips`;

/** GET the user's payslip list of one employment; anything but 200 fails the test. */
export async function listPayslips(app: FastifyInstance, user: SignedIn, employmentId: string): Promise<ListedPayslip[]> {
  const res = await api(app, user, 'GET', payslipListUrl(user, employmentId));
  expect(res.statusCode).toBe(200);
  return unwrap<ListedPayslip[]>(res).data;
}
