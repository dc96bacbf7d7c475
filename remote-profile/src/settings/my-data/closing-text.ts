// The words of closing an account: what each employer keeps, and what a refused closing means.
import { getApiErrorMessage, getApiErrorStatus } from '@portal/shared/api/client';
import type { ClosingEmployer } from '@portal/shared/api/types';
import { closingRefusal } from './api';

/** 'Northwind Logistics Ltd keeps your payslips for 6 years after they were issued, as the law on pay records requires.', once per employer. */
export function employerKeeps(employers: readonly ClosingEmployer[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { name, retentionYears } of employers) {
    const line =
      retentionYears > 0
        ? `${name} keeps your payslips for ${retentionYears === 1 ? '1 year' : `${retentionYears} years`} after they were issued, as the law on pay records requires.`
        : `${name} keeps your payslips for as long as the law on pay records requires.`;
    if (!seen.has(line)) lines.push(line);
    seen.add(line);
  }
  return lines;
}

export type ClosingField = 'code' | 'password';
/** Where a refusal is shown: on a field, or above the form. */
export type ClosingProblem = { field: ClosingField; message: string } | { field: null; message: string };

/** The words for a refused closing (or code request), by the answer's code. */
export function closingProblem(error: unknown, secondStep: 'authenticator' | 'email'): ClosingProblem {
  const { code, triesLeft } = closingRefusal(error);
  switch (code) {
    case 'closing.password_wrong':
      return { field: 'password', message: 'Your password is not right. Enter the password you sign in with.' };
    case 'closing.code_wrong': {
      if (secondStep === 'authenticator') return { field: 'code', message: 'The code is not right. Enter the code your authenticator app shows now.' };
      const left = triesLeft === null || triesLeft < 1 ? 'Ask for a new code.' : `You can try ${triesLeft === 1 ? '1 more time' : `${triesLeft} more times`}.`;
      return { field: 'code', message: `The code is not right. ${left}` };
    }
    case 'closing.code_none':
      return { field: 'code', message: 'This code no longer works: codes work once, for 10 minutes, and for 5 tries. Ask for a new code.' };
    case 'closing.too_many_passwords':
      return { field: null, message: 'You have entered a wrong password too many times. Wait 15 minutes, then try again.' };
    case 'closing.too_many_codes':
      return { field: null, message: 'You have entered too many wrong codes. Wait 15 minutes, then try again.' };
    case 'closing.too_many_sends':
      return { field: null, message: 'You have asked for 3 codes in the last 15 minutes. Use the newest one, or wait a few minutes and ask again.' };
    case 'closing.has_authenticator':
      return { field: 'code', message: 'Your account uses your authenticator app: enter the code it shows.' };
    default:
      return {
        field: null,
        message: getApiErrorStatus(error) === 401 ? 'You have been signed out. Sign in again to close your account.' : getApiErrorMessage(error),
      };
  }
}
