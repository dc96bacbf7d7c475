// Errors of a profile edit, GOV.UK style: each field shows its own message, and a summary at the top of
// the form lists them all, takes focus and links to each field (see EditScreen).
import { useCallback, useState } from 'react';
import type { SummaryError } from '@portal/shared/ui/ErrorSummary';
import type { FieldErrors } from './use-field-errors';

/** The element id of a field, so the summary's link reaches it. */
export function fieldId(key: string): string {
  return `profile-edit-${key}`;
}

/**
 * `order` is the order of the fields on the screen (the summary follows it); `targets` names a
 * field's element when it is not `fieldId(key)` (the date of birth's first box in error).
 */
export function useFormErrors<K extends string>(order: readonly K[], targets: Partial<Record<K, string>> = {}) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [attempt, setAttempt] = useState(0);

  /** Shows `found`; returns true when there is none, else the summary takes focus. */
  const check = useCallback((found: FieldErrors<K>): boolean => {
    setErrors(found);
    if (!Object.values(found).some(Boolean)) return true;
    setAttempt((n) => n + 1);
    return false;
  }, []);

  const summary: SummaryError[] = order.filter((key) => errors[key]).map((key) => ({ fieldId: targets[key] ?? fieldId(key), message: errors[key]! }));

  return { errors, check, summary, attempt };
}
