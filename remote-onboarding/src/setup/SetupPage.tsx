import { PageHeading } from '@portal/shared/ui/PageHeading';

/** Placeholder until its screen issue lands. */
export default function SetupPage() {
  return (
    <section>
      <PageHeading>Set up your account.</PageHeading>
    </section>
  );
}
