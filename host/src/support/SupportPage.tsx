import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { selectEmployments, useAccountStore } from '@portal/shared/stores/account';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Linked accounts (spec section 6) see 'Chat with the team' and 'Contact details'. */
function useIsLinked(): boolean {
  const isLinked = useSignUpStore((state) => state.isLinked);
  const hasEmployments = useAccountStore((state) => selectEmployments(state).length > 0);
  return isLinked || hasEmployments;
}

export function SupportPage() {
  const isLinked = useIsLinked();
  const { email } = getRuntimeConfig().support;
  return (
    <section className="host-support">
      <PageHeading>Support</PageHeading>
      <p>Find answers to common questions about your pay, your documents and your account.</p>
      <ul className="host-support__links">
        <li>
          <Link to={paths.faqs.path}>Frequently asked questions</Link>
          <p>Linking your account, missing payslips, P60s, P45s and P11Ds.</p>
        </li>
        {isLinked && (
          <>
            <li>
              <a href={`mailto:${email}?subject=${encodeURIComponent('Help with the pay portal')}`}>Chat with the team</a>
              <p>Email our support team. We answer within one working day.</p>
            </li>
            <li>
              <Link to={paths.contactDetails.path}>Contact details</Link>
              <p>Our phone number and email address.</p>
            </li>
          </>
        )}
      </ul>
    </section>
  );
}
