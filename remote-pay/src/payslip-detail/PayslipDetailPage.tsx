import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function PayslipDetailPage() {
  return (
    <section>
      <PageHeading>Payslip</PageHeading>
    </section>
  );
}
