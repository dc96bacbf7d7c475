// The words of closing an account: what each employer keeps, and what a refused closing means.
import { getApiErrorMessage, getApiErrorStatus } from '@portal/shared/api/client';
import type { ClosingEmployer } from '@portal/shared/api/types';
import { closingRefusal } from './api';
import { settingsTexts } from '../messages';

const t = settingsTexts.t;

/** 'Northwind Logistics Ltd keeps your payslips for 6 years after they were issued, as the law on pay records requires.', once per employer. */
export function employerKeeps(employers: readonly ClosingEmployer[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { name, retentionYears } of employers) {
    const line = retentionYears > 0 ? t('keepsYears', { employer: name, years: retentionYears }) : t('keepsAsLaw', { employer: name });
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
      return { field: 'password', message: t('closingPasswordWrong') };
    case 'closing.code_wrong': {
      if (secondStep === 'authenticator') return { field: 'code', message: t('closingAppCodeWrong') };
      return { field: 'code', message: t('closingCodeWrong', { triesLeft: triesLeft === null || triesLeft < 1 ? 0 : triesLeft }) };
    }
    case 'closing.code_none':
      return { field: 'code', message: t('closingCodeNone') };
    case 'closing.too_many_passwords':
      return { field: null, message: t('closingTooManyPasswords') };
    case 'closing.too_many_codes':
      return { field: null, message: t('closingTooManyCodes') };
    case 'closing.too_many_sends':
      return { field: null, message: t('closingTooManySends') };
    case 'closing.has_authenticator':
      return { field: 'code', message: t('closingHasAuthenticator') };
    default:
      return {
        field: null,
        message: getApiErrorStatus(error) === 401 ? t('closingSignedOut') : getApiErrorMessage(error),
      };
  }
}
