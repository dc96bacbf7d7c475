// The frame of every console page: its heading, the employer it is about (a picker for an admin of
// several), the sub-navigation, and the page itself for the chosen employer. Without the second step
// of sign-in, the panel that says how to get it instead.
import type { ReactNode } from 'react';
import { Link, useLocation } from '@portal/shared/router';
import type { ConsoleEmployer } from '@portal/shared/api/employer-console';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { SelectField } from '@portal/shared/ui/SelectField';
import { Spinner } from '@portal/shared/ui/Spinner';
import { Notice } from '@portal/shared/ui/Notice';
import { consolePaths } from '../paths';
import { useConsoleAccess } from '../queries';
import { useChosenEmployer } from '../use-chosen-employer';
import { ConsoleError } from './ConsoleError';
import { SecondStepPanel } from './SecondStepPanel';
import '../console.css';

const SECTIONS = [
  { label: 'Employees', to: consolePaths.employees },
  { label: 'Publish', to: consolePaths.publish },
  { label: 'Updates', to: consolePaths.updates },
  { label: 'Questions', to: consolePaths.questions },
  { label: 'API keys', to: consolePaths.keys },
  { label: 'Audit log', to: consolePaths.audit },
  { label: 'Admins', to: consolePaths.admins },
] as const;

/** The section an address belongs to: a record page is the Employees section's. */
function currentSection(pathname: string): string {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return SECTIONS.find(({ to }) => to !== consolePaths.employees && (path === to || path.startsWith(`${to}/`)))?.to ?? consolePaths.employees;
}

export function ConsoleFrame({ children }: { children: (employer: ConsoleEmployer) => ReactNode }) {
  const access = useConsoleAccess();
  const { pathname } = useLocation();
  const employers = access.data?.employers ?? [];
  const [employer, choose] = useChosenEmployer(employers);
  const section = currentSection(pathname);

  let body: ReactNode;
  if (access.isPending) body = <Spinner label="Loading the employer console…" />;
  else if (access.isError) body = <ConsoleError title="The employer console could not be loaded" error={access.error} onRetry={() => void access.refetch()} />;
  else if (!access.data.secondStep) body = <SecondStepPanel />;
  else if (!employer)
    body = (
      <Notice tone="info" title="You are not an admin of any employer">
        <p>An admin of your employer can invite you. Open the link in the invitation email to join.</p>
      </Notice>
    );
  else
    body = (
      <>
        {employers.length > 1 ? (
          <SelectField
            className="employer-frame__picker"
            label="Employer"
            value={employer.id}
            options={employers.map(({ id, name }) => ({ value: id, label: name }))}
            onChange={choose}
          />
        ) : (
          <p className="employer-frame__name">{employer.name}</p>
        )}
        <nav className="employer-frame__nav" aria-label="Employer console">
          <ul>
            {SECTIONS.map(({ label, to }) => (
              <li key={to}>
                <Link to={to} aria-current={section === to ? 'page' : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* A new employer is a new page: nothing of the last one's state stays. */}
        <div key={employer.id}>{children(employer)}</div>
      </>
    );

  return (
    <section className="employer-frame" aria-labelledby="employer-console-heading">
      <PageHeading id="employer-console-heading">Employer console</PageHeading>
      {body}
    </section>
  );
}
