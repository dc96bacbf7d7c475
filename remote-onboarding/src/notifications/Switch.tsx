// An on/off switch: a real button with role="switch" and aria-checked, so Space and Enter toggle it.
import type { ReactNode } from 'react';

export type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's name (visible next to it). */
  children: ReactNode;
  id?: string;
  /** The id of the label's text, for another control to refer to. */
  labelId?: string;
  /** The id of a hint that describes the switch. */
  describedBy?: string;
  disabled?: boolean;
  /**
   * Shown but not to be turned (a channel not available yet): aria-disabled, so it stays in the tab
   * order and its hint (describedBy) is heard; activating it does nothing.
   */
  unavailable?: boolean;
};

export function Switch({ checked, onChange, children, id, labelId, describedBy, disabled = false, unavailable = false }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      aria-disabled={unavailable || undefined}
      disabled={disabled}
      className={['onb-switch', unavailable ? 'onb-switch--unavailable' : null].filter(Boolean).join(' ')}
      onClick={() => {
        if (!unavailable) onChange(!checked);
      }}
    >
      <span className="onb-switch__label" id={labelId}>
        {children}
      </span>
      <span className="onb-switch__track" aria-hidden="true">
        <span className="onb-switch__thumb" />
      </span>
      <span className="onb-switch__state" aria-hidden="true">
        {checked ? 'On' : 'Off'}
      </span>
    </button>
  );
}
