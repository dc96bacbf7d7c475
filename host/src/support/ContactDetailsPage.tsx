import { paths } from '@portal/shared/paths';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { GoBackLink } from '@portal/shared/ui/GoBackLink';
import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Support phone and email, both from runtime config. */
export function ContactDetailsPage() {
  const { phone, email } = getRuntimeConfig().support;
  return (
    <section>
      <GoBackLink to={paths.support.path} />
      <PageHeading>Contact details</PageHeading>
      <dl className="host-contact">
        <dt>Phone (free from UK landlines and mobiles)</dt>
        <dd>
          <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
      </dl>
      <p>Lines are open Monday to Friday, 8am to 6pm, except bank holidays.</p>
    </section>
  );
}
