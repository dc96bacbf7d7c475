import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function HomePage() {
  return (
    <section>
      <PageHeading>Home</PageHeading>
    </section>
  );
}
