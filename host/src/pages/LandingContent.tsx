import type { ReactNode, Ref } from 'react';
import { SIGNED_OUT_ANCHOR } from '@portal/shared/constants';
import { paths } from '@portal/shared/paths';
import { EmailLink, PhoneLink, SUPPORT_HOURS } from '../support/ContactLinks';
import { SiteFooter } from '../support/SiteFooter';

/**
 * The id of the 'Need help?' heading: the sign-in pages' 'Help with signing in' links to /#help. The
 * heading (focusable, tabindex -1) is the target, so the browser itself focuses it on arrival.
 */
export const LANDING_HELP_ID = 'help';

export type LandingSupport = { phone: string; email: string };

type LandingContentProps = {
  /** The support contact of the runtime config (the build's own for the page in index.html). */
  support: LandingSupport;
  onSignIn?: () => void;
  onCreateAccount?: () => void;
  helpHeadingRef?: Ref<HTMLHeadingElement>;
  /** What an invitation link says, under the title (the app's page only). */
  invitation?: ReactNode;
};

/**
 * What the signed-out landing page shows. Pure: the build renders it into index.html
 * (host/src/static-landing), and LandingPage renders it with the sign-in client's actions.
 */
export function LandingContent({ support, onSignIn, onCreateAccount, helpHeadingRef, invitation }: LandingContentProps) {
  return (
    <div className="host-landing">
      <header className="host-frame__header">
        <span className="host-brand">Pay portal</span>
        <a href={paths.support.path} className="host-help-link">
          Help
        </a>
      </header>
      <main id="main" className="host-landing__main">
        {/* Shown only at /#signed-out, where every sign-out ends (CSS :target, no script); the
            browser focuses it on arrival (tabindex -1), so screen readers hear it first. */}
        <section id={SIGNED_OUT_ANCHOR} className="host-landing__signed-out" aria-labelledby="signed-out-title" tabIndex={-1}>
          <p id="signed-out-title" className="host-landing__signed-out-title">
            You have signed out
          </p>
          <p>
            <a href={paths.login.getHref()}>Sign in again</a>
          </p>
        </section>
        <h1>Your pay, in one place</h1>
        {invitation}
        <p className="host-landing__lead">
          See your payslips, P60s, P45s, P11Ds and pension letters from every employer you work for, and keep your details up to date.
        </p>
        <ul className="host-landing__points">
          <li>Payslips for every pay day, with a PDF you can save or print.</li>
          <li>Your year-end forms ready when you need them for a mortgage, a loan or HMRC.</li>
          <li>Link your account to your employer with a 6-digit linking code sent by email or text.</li>
        </ul>
        <div className="host-landing__actions">
          <button type="button" className="ui-button ui-button--primary" onClick={onSignIn}>
            Sign in
          </button>
          <button type="button" className="ui-button" onClick={onCreateAccount}>
            Create an account
          </button>
        </div>
        <section className="host-landing__help" aria-labelledby={LANDING_HELP_ID}>
          <h2 id={LANDING_HELP_ID} ref={helpHeadingRef} tabIndex={-1}>
            Need help?
          </h2>
          <p>If you cannot sign in, create an account or link your account to your employer, contact the support team.</p>
          <ul>
            <li>
              Phone (free from UK landlines and mobiles): <PhoneLink phone={support.phone} />
            </li>
            <li>
              Email: <EmailLink email={support.email} />
            </li>
          </ul>
          <p>{SUPPORT_HOURS}</p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
