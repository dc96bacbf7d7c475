import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function SelectCompanyPage() {
  return (
    <section>
      <PageHeading>Select your account</PageHeading>
    </section>
  );
}
