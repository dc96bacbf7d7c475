import { paths } from '@portal/shared/paths';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { BackLink } from '@portal/shared/ui/BackLink';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { EmailLink, PhoneLink, SUPPORT_HOURS } from './ContactLinks';

/** Support phone and email, both from runtime config. */
export function ContactDetailsPage() {
  const { phone, email } = getRuntimeConfig().support;
  return (
    <section className="host-contact-page">
      <BackLink to={paths.support.path} />
      <PageHeading>Contact details</PageHeading>
      <dl className="host-contact">
        <dt>Phone (free from UK landlines and mobiles)</dt>
        <dd>
          <PhoneLink phone={phone} />
        </dd>
        <dt>Email</dt>
        <dd>
          <EmailLink email={email} />
        </dd>
      </dl>
      <p>{SUPPORT_HOURS}</p>
    </section>
  );
}
