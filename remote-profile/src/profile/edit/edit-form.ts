// What the profile page gives every edit form.
import type { IdentityUser } from '@portal/shared/api/types';
import { profileTexts } from '../messages';
import type { FormProblem } from './EditScreen';

/** What the overview says after a save, when not '… has been updated.' (an email waiting for its link). */
export type SavedNotice = { title: string; message?: string };

export type EditFormProps = {
  /** The user as the overview shows it (the form starts from these values). */
  user: IdentityUser;
  /** The identity user's id (the session's sub). */
  sub: string;
  onSaved: (user: IdentityUser, notice?: SavedNotice) => void;
  onBack: () => void;
};

/** The notice for a failed save, or null. */
export function saveProblem(error: string | null): FormProblem | null {
  return error ? { title: profileTexts.t('saveFailedTitle'), message: error } : null;
}
