// Account picker (/select-company, /setup/select-company and any unknown path before sign-up is
// complete): one button per employment; choosing one asks the host to select it (stored, sign-up
// complete, Home). While the privacy policy is not accepted, the blocking policy panel sits over it;
// a message sent along with the navigation is shown first, so the panel never hides it.
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Employment } from '@portal/shared/api/types';
import { formatLongDate } from '@portal/shared/format';
import { paths } from '@portal/shared/paths';
import { selectEmployment, signOut, useAuthorisedUser, useEmployments } from '@portal/shared/contract';
import { Notice } from '@portal/shared/ui/Notice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Spinner } from '@portal/shared/ui/Spinner';
import { readFlashNotice } from '@portal/shared/flash-notice';
import { FlashNoticeText } from '@portal/shared/ui/FlashNoticeText';
import { PrivacyPolicyDialog } from '../privacy-policy/PrivacyPolicyDialog';
import { FlashNoticeDialog } from './FlashNoticeDialog';
import '../common/onboarding.css';
import './select-company.css';

/** 'You have roles in 1 company.' or 'You have roles in N different companies.' */
export function rolesText(count: number): string {
  if (count === 0) return 'You are not linked to a company yet. Add a new company to get started.';
  if (count === 1) return 'You have roles in 1 company.';
  return `You have roles in ${count} different companies.`;
}

function employmentStatus(employment: Employment): string {
  if (employment.active) return 'Active';
  return employment.endDate ? `Ended: ${formatLongDate(employment.endDate)}` : 'Ended';
}

function EmploymentButton({ employment, onChoose }: { employment: Employment; onChoose: (id: string) => void }) {
  return (
    <button
      type="button"
      className={['onb-employment', employment.active ? null : 'onb-employment--ended'].filter(Boolean).join(' ')}
      onClick={() => onChoose(employment.ID)}
    >
      <span className="onb-employment__name">{employment.name}</span>
      <span className="onb-employment__status">{employmentStatus(employment)}</span>
    </button>
  );
}

export default function SelectCompanyPage() {
  const location = useLocation();
  const authorisedUser = useAuthorisedUser();
  const employments = useEmployments();
  const flash = readFlashNotice(location.state);
  const [dismissedFlash, setDismissedFlash] = useState<unknown>(null);

  const showPolicy = authorisedUser !== null && !authorisedUser.privacyPolicyAccepted;
  const showFlash = flash !== null && dismissedFlash !== location.key;
  const dismissFlash = () => setDismissedFlash(location.key);
  // Over the picker: the message first, while the policy still waits to be accepted.
  const modal = showPolicy && showFlash ? 'message' : showPolicy ? 'policy' : null;

  return (
    <>
      <div className="onb-picker" inert={modal !== null || undefined}>
        <section className="onb-page">
          <PageHeading>Select your account</PageHeading>
          {flash && showFlash && modal === null && (
            <Notice tone="error" title={flash.title} onDismiss={dismissFlash}>
              <FlashNoticeText notice={flash} />
            </Notice>
          )}
          {authorisedUser === null ? (
            <Spinner label="Loading your accounts…" />
          ) : (
            <>
              <p className="onb-lead">{rolesText(employments.length)}</p>
              {employments.length > 0 && (
                <ul className="onb-employments">
                  {employments.map((employment) => (
                    <li key={employment.ID}>
                      <EmploymentButton employment={employment} onChoose={(id) => void selectEmployment(id)} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
          <div className="onb-actions">
            <Link to={paths.setup.getHref()} className="ui-button">
              Add a new company
            </Link>
            <button type="button" className="ui-link-button" onClick={() => signOut()}>
              Sign out
            </button>
          </div>
        </section>
      </div>
      {flash && modal === 'message' && <FlashNoticeDialog notice={flash} onClose={dismissFlash} />}
      {modal === 'policy' && <PrivacyPolicyDialog />}
    </>
  );
}
