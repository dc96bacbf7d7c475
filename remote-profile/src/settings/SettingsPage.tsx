import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function SettingsPage() {
  return (
    <section>
      <PageHeading>Settings</PageHeading>
    </section>
  );
}
