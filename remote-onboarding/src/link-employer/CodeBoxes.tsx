// The six single-digit boxes of the linking code (spec section 2 "Code-entry behaviour", decisions.md):
// typing moves on, Backspace clears and moves back, arrows move, a pasted or autofilled code from
// 100000 to 999999 fills all six from any box, and a full set of digits is handed to onComplete.
import { useEffect, useId, useRef } from 'react';
import type { ChangeEvent, ClipboardEvent, KeyboardEvent } from 'react';
import { LINKING_CODE_LENGTH } from '@portal/shared/constants';
import { linkTexts } from './messages';
import { isCodeComplete, parsePastedCode, typedDigit } from './code-digits';
import type { CodeDigits } from './code-digits';

export type CodeBoxesProps = {
  value: CodeDigits;
  onChange: (digits: string[]) => void;
  /** Called with the 6-digit code whenever a change fills the last empty box. */
  onComplete: (code: string) => void;
  legend: string;
  /** Said under the legend and read with the boxes: what the code is. */
  hint?: string;
  /** Each change of this number moves focus to the first empty box (e.g. after a code is sent). */
  focusRequest?: number;
  /** Ids of text that describes the group (e.g. an error). */
  describedBy?: string;
  invalid?: boolean;
};

const LAST = LINKING_CODE_LENGTH - 1;

export function CodeBoxes({ value, onChange, onComplete, legend, hint, focusRequest = 0, describedBy, invalid = false }: CodeBoxesProps) {
  const baseId = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(LAST, index))];
    box?.focus();
    box?.select();
  };

  useEffect(() => {
    if (focusRequest === 0) return;
    const firstEmpty = boxes.current.findIndex((box) => box !== null && box.value === '');
    const box = boxes.current[firstEmpty === -1 ? 0 : firstEmpty];
    box?.focus();
  }, [focusRequest]);

  const commit = (next: string[]) => {
    onChange(next);
    if (isCodeComplete(next)) onComplete(next.join(''));
  };

  const setDigit = (index: number, digit: string) => {
    const next = [...value];
    next[index] = digit;
    commit(next);
  };

  /** A whole code (paste or one-time-code autofill). Returns whether it was accepted. */
  const fillAll = (text: string): boolean => {
    const digits = parsePastedCode(text);
    if (!digits) return false;
    commit(digits);
    focusBox(LAST);
    return true;
  };

  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    // Autofill (or a paste the browser applied itself) puts the whole code into one box.
    if (text.replace(/\D/g, '').length >= LINKING_CODE_LENGTH) {
      fillAll(text);
      return;
    }
    const digit = typedDigit(value[index] ?? '', text);
    if (digit === null) return;
    setDigit(index, digit);
    if (digit !== '' && index < LAST) focusBox(index + 1);
  };

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData('text');
    if (fillAll(text)) return;
    // A single pasted digit counts as typed; anything else that is not a code is ignored.
    const single = text.trim();
    if (/^\d$/.test(single)) {
      setDigit(index, single);
      if (index < LAST) focusBox(index + 1);
    }
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      // Clear this box and move back; from an empty box, clear the one before.
      const target = value[index] ? index : index - 1;
      if (target < 0) return;
      setDigit(target, '');
      focusBox(Math.max(0, index - 1));
    } else if (event.key === 'Delete') {
      event.preventDefault();
      setDigit(index, '');
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      if (index > 0) focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      if (index < LAST) focusBox(index + 1);
    }
  };

  return (
    <fieldset className="onb-code" aria-describedby={[hint && `${baseId}-hint`, describedBy].filter(Boolean).join(' ') || undefined}>
      <legend className="onb-code__legend">{legend}</legend>
      {hint && (
        <p id={`${baseId}-hint`} className="onb-code__hint">
          {hint}
        </p>
      )}
      <div className="onb-code__boxes">
        {Array.from({ length: LINKING_CODE_LENGTH }, (_, index) => {
          const id = `${baseId}-digit-${index + 1}`;
          return (
            <span key={id} className="onb-code__item">
              <label htmlFor={id} className="ui-visually-hidden">
                {linkTexts.t('digit', { index: index + 1, count: LINKING_CODE_LENGTH })}
              </label>
              <input
                ref={(element) => {
                  boxes.current[index] = element;
                }}
                id={id}
                className="onb-code__box"
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete={index === 0 ? 'one-time-code' : 'off'}
                value={value[index] ?? ''}
                aria-invalid={invalid || undefined}
                onChange={handleChange(index)}
                onPaste={handlePaste(index)}
                onKeyDown={handleKeyDown(index)}
                onFocus={(event) => event.target.select()}
              />
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
