import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function PayDocumentsPage() {
  return (
    <section>
      <PageHeading>P60s</PageHeading>
    </section>
  );
}
