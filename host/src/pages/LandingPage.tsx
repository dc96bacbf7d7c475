import { useEffect, useRef } from 'react';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { EmailLink, PhoneLink, SUPPORT_HOURS } from '../support/ContactLinks';

/** The id of the 'Need help?' section: the sign-in pages' 'Help with signing in' links to /#help. */
export const LANDING_HELP_ID = 'help';

/**
 * Arriving at /#help from another page: the section did not exist when the browser looked for it,
 * so it is brought into view (and its heading focused, for screen readers) once rendered.
 */
function useShowHelpOnArrival() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (window.location.hash !== `#${LANDING_HELP_ID}`) return;
    headingRef.current?.scrollIntoView?.();
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return headingRef;
}

/** The signed-out landing page at / and /home. */
export function LandingPage() {
  const { startLogin, startRegister } = useFusionAuth();
  const { phone, email } = getRuntimeConfig().support;
  const helpHeadingRef = useShowHelpOnArrival();
  return (
    <div className="host-landing">
      <header className="host-frame__header">
        <span className="host-brand">Pay portal</span>
        <a href={`#${LANDING_HELP_ID}`} className="host-help-link">
          Help
        </a>
      </header>
      <main id="main" className="host-landing__main">
        <h1>Your pay, in one place</h1>
        <p className="host-landing__lead">
          See your payslips, P60s, P45s, P11Ds and pension letters from every employer you work for, and keep
          your details up to date.
        </p>
        <ul className="host-landing__points">
          <li>Payslips for every pay day, with a PDF you can save or print.</li>
          <li>Your year-end forms ready when you need them for a mortgage, a loan or HMRC.</li>
          <li>Link your account to your employer with a 6-digit code sent by email or text.</li>
        </ul>
        <div className="host-landing__actions">
          <button type="button" className="ui-button ui-button--primary" onClick={() => startLogin()}>
            Sign in
          </button>
          <button type="button" className="ui-button" onClick={() => startRegister()}>
            Create an account
          </button>
        </div>
        <section id={LANDING_HELP_ID} className="host-landing__help" aria-labelledby="landing-help-heading">
          <h2 id="landing-help-heading" ref={helpHeadingRef} tabIndex={-1}>
            Need help?
          </h2>
          <p>
            If you cannot sign in, create an account or link your account to your employer, contact the support
            team.
          </p>
          <ul>
            <li>
              Phone (free from UK landlines and mobiles): <PhoneLink phone={phone} />
            </li>
            <li>
              Email: <EmailLink email={email} />
            </li>
          </ul>
          <p>{SUPPORT_HOURS}</p>
        </section>
      </main>
    </div>
  );
}
