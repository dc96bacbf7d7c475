// Errors of required fields: shown beside each field, and focus moves to the first one, so the user
// hears why nothing was sent.
import { useCallback, useRef, useState } from 'react';

type Focusable = { focus: () => void };
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function useFieldErrors<K extends string>(order: readonly K[]) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const targets = useRef<Partial<Record<K, Focusable | null>>>({});

  /** A ref callback for the field `key` (an input or anything with focus()). */
  const refFor = useCallback(
    (key: K) => (element: Focusable | null) => {
      targets.current[key] = element;
    },
    [],
  );

  /** Shows `found`; returns true when there is none, else focuses the first field in error. */
  const check = useCallback(
    (found: FieldErrors<K>): boolean => {
      setErrors(found);
      const first = order.find((key) => found[key]);
      if (first === undefined) return true;
      targets.current[first]?.focus();
      return false;
    },
    [order],
  );

  return { errors, refFor, check };
}

/** The message for every required key whose value is blank. */
export function requiredErrors<K extends string>(values: Record<K, string>, messages: Partial<Record<K, string>>): FieldErrors<K> {
  const found: FieldErrors<K> = {};
  for (const key of Object.keys(messages) as K[]) {
    if (!values[key].trim()) found[key] = messages[key];
  }
  return found;
}
