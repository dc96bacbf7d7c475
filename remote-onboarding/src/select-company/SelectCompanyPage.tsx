// Account picker (/select-company, /setup/select-company and any unknown path before sign-up is
// complete): one button per employment; choosing one asks the host to select it (stored, sign-up
// complete, Home). While the privacy policy is not accepted, the blocking policy panel sits over it;
// a message sent along with the navigation is shown first, so the panel never hides it.
// The employment in use now is marked, and the user's last choice is preselected: it has focus, so
// Enter continues with it. An ended employment says until when its payslips stay here.
import { useEffect, useRef, useState } from 'react';
import type { Ref } from 'react';
import { Link, useLocation } from '@portal/shared/router';
import type { Employment } from '@portal/shared/api/types';
import { formatLongDate } from '@portal/shared/format';
import { paths } from '@portal/shared/paths';
import { selectEmployment, signOut, useAuthorisedUser, useEmploymentId, useEmployments, useLastEmploymentChoice } from '@portal/shared/contract';
import { Notice } from '@portal/shared/ui/Notice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Spinner } from '@portal/shared/ui/Spinner';
import { readFlashNotice } from '@portal/shared/flash-notice';
import { FlashNoticeText } from '@portal/shared/ui/FlashNoticeText';
import { PrivacyPolicyDialog } from '../privacy-policy/PrivacyPolicyDialog';
import { FlashNoticeDialog } from './FlashNoticeDialog';
import { pickerTexts } from './messages';
import '../common/onboarding.css';
import './select-company.css';

const t = pickerTexts.t;

/** 'You are linked to 1 employer.' or 'You are linked to N different employers.' (docs/words.md) */
export function employersText(count: number): string {
  return count === 0 ? t('noEmployers') : t('employers', { count });
}

function employmentStatus(employment: Employment): string {
  if (employment.active) return t('active');
  return employment.endDate ? t('endedOn', { date: formatLongDate(employment.endDate) }) : t('ended');
}

/**
 * Beside the spec's texts, on an ended employment: until when its payslips stay here (its end date
 * plus the employer's retention period; past it, the employment is no longer listed).
 */
export function keptUntilText({ endDate, retainedUntil }: Employment): string | null {
  return endDate && retainedUntil ? t('keptUntil', { date: formatLongDate(retainedUntil) }) : null;
}

/** How an employment relates to the user's choices: in use now, chosen last time, or neither. */
type ChoiceMark = 'in-use' | 'last-used' | null;

const MARK_TEXT = { 'in-use': 'inUse', 'last-used': 'lastUsed' } as const satisfies Record<Exclude<ChoiceMark, null>, string>;

type EmploymentButtonProps = {
  employment: Employment;
  mark: ChoiceMark;
  onChoose: (id: string) => void;
  ref?: Ref<HTMLButtonElement>;
};

function EmploymentButton({ employment, mark, onChoose, ref }: EmploymentButtonProps) {
  const kept = keptUntilText(employment);
  return (
    <button
      ref={ref}
      type="button"
      className={['onb-employment', employment.active ? null : 'onb-employment--ended', mark ? 'onb-employment--chosen' : null].filter(Boolean).join(' ')}
      aria-current={mark === 'in-use' ? 'true' : undefined}
      onClick={() => onChoose(employment.ID)}
    >
      <span className="onb-employment__name">{employment.name}</span>
      <span className="onb-employment__tags">
        {mark && <span className="onb-employment__mark">{t(MARK_TEXT[mark])}</span>}
        <span className="onb-employment__status">{employmentStatus(employment)}</span>
      </span>
      {kept && <span className="onb-employment__kept">{kept}</span>}
    </button>
  );
}

/** The employment in use now, else the one chosen last (when it is still in the list). */
function usePreselection(employments: readonly Employment[]): { id: string | null; mark: ChoiceMark } {
  const inUse = useEmploymentId();
  const last = useLastEmploymentChoice();
  const listed = (id: string | null) => id !== null && employments.some((employment) => employment.ID === id);
  if (listed(inUse)) return { id: inUse, mark: 'in-use' };
  if (listed(last)) return { id: last, mark: 'last-used' };
  return { id: null, mark: null };
}

/** Focuses the preselected button once, when it first shows (not while the policy panel is open). */
function useFocusOnce(target: string | null, blocked: boolean) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const done = useRef(false);
  useEffect(() => {
    if (done.current || blocked || !target) return;
    const button = buttons.current.get(target);
    if (!button) return;
    done.current = true;
    button.focus();
  }, [target, blocked]);
  return (id: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(id, element);
    else buttons.current.delete(id);
  };
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
  const preselected = usePreselection(employments);
  const buttonRef = useFocusOnce(preselected.id, modal !== null);

  return (
    <>
      <div className="onb-picker" inert={modal !== null || undefined}>
        <section className="onb-page">
          <PageHeading>{t('heading')}</PageHeading>
          {flash && showFlash && modal === null && (
            <Notice tone="error" title={flash.title} onDismiss={dismissFlash}>
              <FlashNoticeText notice={flash} />
            </Notice>
          )}
          {authorisedUser === null ? (
            <Spinner label={t('loading')} />
          ) : (
            <>
              <p className="onb-lead">{employersText(employments.length)}</p>
              {employments.length > 0 && (
                <ul className="onb-employments">
                  {employments.map((employment) => (
                    <li key={employment.ID}>
                      <EmploymentButton
                        ref={buttonRef(employment.ID)}
                        employment={employment}
                        mark={employment.ID === preselected.id ? preselected.mark : null}
                        onChoose={(id) => void selectEmployment(id)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
          <div className="onb-actions">
            <Link to={paths.setup.getHref()} className="ui-button">
              {t('addCompany')}
            </Link>
            <button type="button" className="ui-link-button" onClick={() => signOut()}>
              {t('signOut')}
            </button>
          </div>
        </section>
      </div>
      {flash && modal === 'message' && <FlashNoticeDialog notice={flash} onClose={dismissFlash} />}
      {modal === 'policy' && <PrivacyPolicyDialog />}
    </>
  );
}
