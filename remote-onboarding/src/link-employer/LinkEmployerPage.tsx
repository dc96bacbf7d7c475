import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function LinkEmployerPage() {
  return (
    <section>
      <PageHeading>Please enter your employer code</PageHeading>
    </section>
  );
}
