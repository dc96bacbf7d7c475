import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function PayslipsPage() {
  return (
    <section>
      <PageHeading>Payslips</PageHeading>
    </section>
  );
}
