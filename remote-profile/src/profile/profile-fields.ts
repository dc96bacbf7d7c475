// The five profile fields of spec section 2 "Profile": the overview's labels, how each value is
// shown, and what each edit screen's title calls the thing being changed.
import type { IdentityUser } from '@portal/shared/api/types';
import { formatLongDate } from '@portal/shared/format';
import { profileTexts, type ProfileTextId } from './messages';

export type ProfileFieldKey = 'name' | 'email' | 'mobile' | 'dateOfBirth' | 'niNumber';

export type ProfileField = {
  key: ProfileFieldKey;
  /** The overview's label (its text's id). */
  label: ProfileTextId;
  /** What the edit screen changes, as in 'Change your name' (its text's id). */
  subject: ProfileTextId;
};

export const PROFILE_FIELDS: readonly ProfileField[] = [
  { key: 'name', label: 'labelName', subject: 'subjectName' },
  { key: 'email', label: 'labelEmail', subject: 'subjectEmail' },
  { key: 'mobile', label: 'labelMobile', subject: 'subjectMobile' },
  { key: 'dateOfBirth', label: 'labelDateOfBirth', subject: 'subjectDateOfBirth' },
  { key: 'niNumber', label: 'labelNiNumber', subject: 'subjectNiNumber' },
];

export function isProfileFieldKey(value: unknown): value is ProfileFieldKey {
  return PROFILE_FIELDS.some((field) => field.key === value);
}

function profileField(key: ProfileFieldKey): ProfileField {
  const field = PROFILE_FIELDS.find((candidate) => candidate.key === key);
  if (!field) throw new Error(`Unknown profile field: ${key}`);
  return field;
}

/** 'First Middle Last', leaving out parts that are empty. */
export function fullName(user: IdentityUser): string {
  return [user.firstName, user.middleName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** The overview's text for a field, or '' when the user has not given it. */
export function displayValue(key: ProfileFieldKey, user: IdentityUser): string {
  switch (key) {
    case 'name':
      return fullName(user);
    case 'email':
      return user.email ?? '';
    case 'mobile':
      return user.mobilePhone ?? '';
    case 'dateOfBirth':
      // en-GB, e.g. '14 May 1990'.
      return user.birthDate ? formatLongDate(user.birthDate) : '';
    case 'niNumber':
      return user.data?.niNumber ?? '';
  }
}

/** The message shown on the overview after a save, e.g. 'Your name has been updated.' */
export function savedMessage(key: ProfileFieldKey): string {
  const message = profileTexts.t('saved', { subject: profileTexts.t(profileField(key).subject) });
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
}

/** The overview's label of a field, in the page's language. */
export function fieldLabel(key: ProfileFieldKey): string {
  return profileTexts.t(profileField(key).label);
}

/**
 * The edit screen's title (spec: it says the change applies to the user's active employer or
 * employers). With no active employment there is no employer to name.
 */
export function editTitle(key: ProfileFieldKey, activeEmployerCount: number): string {
  return profileTexts.t('editTitle', { count: activeEmployerCount, subject: profileTexts.t(profileField(key).subject) });
}
