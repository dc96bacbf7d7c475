// The profile overview (spec section 2 "Profile"): the five fields, each with a button to its edit
// screen. Coming back from an edit screen puts focus on that field's button again.
import { useEffect, useRef } from 'react';
import type { IdentityUser } from '@portal/shared/api/types';
import { PROFILE_FIELDS, displayValue, fieldLabel } from '../profile-fields';
import { profileTexts } from '../messages';
import type { ProfileFieldKey } from '../profile-fields';

export type ProfileOverviewProps = {
  user: IdentityUser;
  onEdit: (key: ProfileFieldKey) => void;
  /** The field whose edit screen was just left, if any. */
  returnedFrom: ProfileFieldKey | null;
};

export function ProfileOverview({ user, onEdit, returnedFrom }: ProfileOverviewProps) {
  const buttons = useRef<Partial<Record<ProfileFieldKey, HTMLButtonElement | null>>>({});

  useEffect(() => {
    if (returnedFrom) buttons.current[returnedFrom]?.focus();
  }, [returnedFrom]);

  return (
    <dl className="profile-overview">
      {PROFILE_FIELDS.map(({ key }) => {
        const value = displayValue(key, user);
        const label = fieldLabel(key);
        return (
          <div key={key} className="profile-overview__row">
            <dt className="profile-overview__label">{label}</dt>
            <dd className="profile-overview__value">{value || <span className="profile-overview__empty">{profileTexts.t('notGiven')}</span>}</dd>
            <dd className="profile-overview__action">
              <button
                type="button"
                className="ui-link-button ui-focus-ring"
                ref={(element) => {
                  buttons.current[key] = element;
                }}
                onClick={() => onEdit(key)}
              >
                {profileTexts.t('change')}
                <span className="ui-visually-hidden"> {label.toLowerCase()}</span>
              </button>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
