// The question the set-up title asks before signing out: signing out mid-way means signing in
// again to finish, so the person chooses. Focus goes to 'Stay', the safe answer; Escape stays too.
import { useEffect, useId, useRef } from 'react';
import { setupTexts } from './messages';

type SignOutQuestionProps = {
  onSignOut: () => void;
  onStay: () => void;
};

export function SignOutQuestion({ onSignOut, onStay }: SignOutQuestionProps) {
  const questionId = useId();
  const stayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    stayRef.current?.focus();
  }, []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={questionId}
      className="onb-sign-out-question"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onStay();
      }}
    >
      <p id={questionId} className="onb-sign-out-question__text">
        {setupTexts.t('signOutQuestion')}
      </p>
      <div className="onb-sign-out-question__actions">
        <button type="button" className="ui-button" onClick={onSignOut}>
          {setupTexts.t('signOut')}
        </button>
        <button ref={stayRef} type="button" className="ui-button ui-button--primary" onClick={onStay}>
          {setupTexts.t('stay')}
        </button>
      </div>
    </div>
  );
}
