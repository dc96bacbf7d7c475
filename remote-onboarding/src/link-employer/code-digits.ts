// Rules of the six code boxes (spec sections 2, 5 and 9), kept apart from the component.
import { LINKING_CODE_LENGTH, LINKING_CODE_MAX, LINKING_CODE_MIN } from '@portal/shared/constants';

export type CodeDigits = readonly string[];

export function emptyCodeDigits(): string[] {
  return Array.from({ length: LINKING_CODE_LENGTH }, () => '');
}

/** Whether every box holds a digit. */
export function isCodeComplete(digits: CodeDigits): boolean {
  return digits.length === LINKING_CODE_LENGTH && digits.every((digit) => /^\d$/.test(digit));
}

/**
 * The six digits of pasted or autofilled text when it is a number from 100000 to 999999
 * (surrounding spaces ignored), else null.
 */
export function parsePastedCode(text: string): string[] | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (value < LINKING_CODE_MIN || value > LINKING_CODE_MAX || trimmed.length !== LINKING_CODE_LENGTH) return null;
  return trimmed.split('');
}

/**
 * The digit a box should hold after its text changed from `previous` to `text`: the new digit when
 * one was typed (also over an existing one), '' when cleared, null when the change is not a digit.
 */
export function typedDigit(previous: string, text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (text === '') return '';
  if (digits.length === 1) return digits;
  if (digits.length === 2) return digits[0] === previous ? (digits[1] ?? null) : (digits[0] ?? null);
  return null;
}
