import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function NotificationsPage() {
  return (
    <section>
      <PageHeading>How would you like to receive notifications?</PageHeading>
    </section>
  );
}
