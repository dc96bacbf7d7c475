import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function ProfilePage() {
  return (
    <section>
      <PageHeading>Profile</PageHeading>
    </section>
  );
}
