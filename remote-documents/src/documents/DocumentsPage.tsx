import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function DocumentsPage() {
  return (
    <section>
      <PageHeading>Documents</PageHeading>
    </section>
  );
}
