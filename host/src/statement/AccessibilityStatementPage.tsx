// The accessibility statement (/accessibility, signed in and out), in the form of GOV.UK's model
// statement for the Public Sector Bodies Accessibility Regulations 2018: who runs the portal, how
// accessible it is, what is not yet, how to report a problem and the enforcement procedure.
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { EmailLink, PhoneLink, SUPPORT_HOURS } from '../support/ContactLinks';

/** When the statement was prepared and last reviewed (update both on each review). */
export const STATEMENT_PREPARED = '28 November 2026';

export function AccessibilityStatementPage() {
  const { phone, email } = getRuntimeConfig().support;
  return (
    <section className="host-statement">
      <PageHeading>Accessibility statement for the pay portal</PageHeading>
      <p>
        This statement applies to the pay portal, where employees see their payslips, P60s, P45s, P11Ds and pension letters. The portal is run by the pay portal
        support team on behalf of the employers who publish to it.
      </p>
      <p>We want as many people as possible to be able to use it. For example, that means you should be able to:</p>
      <ul>
        <li>zoom in up to 400% without the text spilling off the screen</li>
        <li>get from the start of each page to the end using just a keyboard</li>
        <li>use it with a screen reader</li>
        <li>change colours, contrast levels and fonts using your browser or device settings</li>
      </ul>

      <h2>How accessible the portal is</h2>
      <p>We know some parts are not fully accessible:</p>
      <ul>
        <li>the portal is in English only: it is not yet available in Welsh</li>
        <li>payslip and year-end PDFs are not yet fully tagged, so a screen reader may not read their tables in order</li>
        <li>the pages that come from your employer (their privacy notice) are written by them and we cannot check all of them</li>
      </ul>

      <h2>Feedback and contact information</h2>
      <p>If you need information on this portal in a different format, like accessible PDF, large print or audio, contact us:</p>
      <ul>
        <li>
          email: <EmailLink email={email} />
        </li>
        <li>
          phone: <PhoneLink phone={phone} />
        </li>
      </ul>
      <p>{SUPPORT_HOURS} We will reply within 5 working days.</p>

      <h2>Reporting accessibility problems with this portal</h2>
      <p>
        We are always looking to improve its accessibility. If you find any problems not listed on this page or think we are not meeting accessibility
        requirements, email us at <EmailLink email={email} />.
      </p>

      <h2>Enforcement procedure</h2>
      <p>
        The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector Bodies (Websites and Mobile Applications) (No. 2)
        Accessibility Regulations 2018 (the ‘accessibility regulations’). If you are not happy with how we respond to your complaint,{' '}
        <a href="https://www.equalityadvisoryservice.com/">contact the Equality Advisory and Support Service (EASS)</a>. If you are in Northern Ireland, contact
        the <a href="https://www.equalityni.org/Home">Equality Commission for Northern Ireland (ECNI)</a>.
      </p>

      <h2>Technical information about this portal’s accessibility</h2>
      <p>
        We are committed to making the portal accessible, in accordance with the Public Sector Bodies (Websites and Mobile Applications) (No. 2) Accessibility
        Regulations 2018.
      </p>
      <h3>Compliance status</h3>
      <p>
        This portal is partially compliant with the <a href="https://www.w3.org/TR/WCAG22/">Web Content Accessibility Guidelines version 2.2</a> AA standard,
        due to the non-compliances listed below.
      </p>
      <h3>Non-accessible content</h3>
      <p>The content listed below is non-accessible for the following reasons.</p>
      <h4>Non-compliance with the accessibility regulations</h4>
      <ul>
        <li>
          Payslip, P60, P45, P11D and pension letter PDFs are not fully tagged, so their structure is not available to assistive technology. This fails WCAG 2.2
          success criterion 1.3.1 (Info and Relationships). We are tagging them; until then every figure is also on the payslip’s page in the portal.
        </li>
      </ul>
      <h4>Content that is not within the scope of the accessibility regulations</h4>
      <p>The portal is not yet available in Welsh. We plan to add a Welsh version.</p>

      <h2>How we tested the portal</h2>
      <p>Every screen is checked with automated tests (axe) and by keyboard, at desktop and phone sizes, each time the portal changes.</p>
      <p>
        The checks include the criteria WCAG 2.2 added: a control that has keyboard focus is never hidden behind the page’s header or menu, buttons and links
        are large enough to tap, help is in the same place on every page, and signing in asks for no puzzle (passwords and codes can be pasted or filled by a
        password manager).
      </p>

      <h2>Preparation of this accessibility statement</h2>
      <p>
        This statement was prepared on {STATEMENT_PREPARED}. It was last reviewed on {STATEMENT_PREPARED}.
      </p>
    </section>
  );
}
