import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function ConfirmAccountPage() {
  return (
    <section>
      <PageHeading>Confirm your information.</PageHeading>
    </section>
  );
}
