// The frame of every edit screen (spec section 2 "Profile"): a back arrow, a title saying the change
// applies to the user's active employer(s) with their names listed, the form and its messages.
import type { FormEvent, ReactNode } from 'react';
import { useActiveEmployments } from '@portal/shared/contract';
import { BackLink } from '@portal/shared/ui/BackLink';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import type { SummaryError } from '@portal/shared/ui/ErrorSummary';
import { Notice } from '@portal/shared/ui/Notice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { editTitle } from '../profile-fields';
import type { ProfileFieldKey } from '../profile-fields';
import { profileTexts } from '../messages';

export type FormProblem = { title: string; message: string };

export type EditScreenProps = {
  field: ProfileFieldKey;
  onBack: () => void;
  onSubmit: () => void;
  saving: boolean;
  /** A problem with the whole form (a failed save, an email that does not match). */
  problem: FormProblem | null;
  onDismissProblem: () => void;
  /** The fields in error, listed at the top; the summary takes focus when `attempt` changes. */
  errors: readonly SummaryError[];
  attempt: number;
  children: ReactNode;
};

export function EditScreen({ field, onBack, onSubmit, saving, problem, onDismissProblem, errors, attempt, children }: EditScreenProps) {
  const activeEmployments = useActiveEmployments();
  const headingId = `profile-edit-${field}-heading`;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };

  return (
    <section className="profile-edit" aria-labelledby={headingId}>
      <BackLink onClick={onBack}>{profileTexts.t('back')}</BackLink>
      {/* PageHeading takes focus when the screen opens, so the change of screen is announced. */}
      <PageHeading id={headingId}>{editTitle(field, activeEmployments.length)}</PageHeading>
      {activeEmployments.length > 0 ? (
        <ul className="profile-edit__employers" aria-label={profileTexts.t('activeEmployers', { count: activeEmployments.length })}>
          {activeEmployments.map((employment) => (
            <li key={employment.ID}>{employment.name}</li>
          ))}
        </ul>
      ) : null}
      <ErrorSummary errors={errors} attempt={attempt} />
      {problem ? (
        <Notice tone="error" title={problem.title} onDismiss={onDismissProblem}>
          {problem.message}
        </Notice>
      ) : null}
      <form className="profile-edit__form" noValidate onSubmit={handleSubmit}>
        {children}
        <button type="submit" className="ui-button ui-button--primary profile-edit__save" aria-disabled={saving || undefined}>
          {saving ? profileTexts.t('saving') : profileTexts.t('save')}
        </button>
      </form>
    </section>
  );
}
