// Accepting an admin invitation (the link in its email: /employer/accept?token=…), for any signed-in
// user: the invitation is taken once, then the page says what to do next or why it did not work.
import { useEffect, useRef } from 'react';
import { signOut } from '@portal/shared/contract';
import { useMutation } from '@portal/shared/query';
import { useSearchParams } from '@portal/shared/router';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Spinner } from '@portal/shared/ui/Spinner';
import { acceptAdminInvitation, consoleErrorMessage } from './api';
import './console.css';

export default function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const accept = useMutation({ mutationFn: (value: string) => acceptAdminInvitation(value) });
  const asked = useRef(false);
  const { mutate } = accept;
  useEffect(() => {
    // Once per visit: the invitation is single use.
    if (!token || asked.current) return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token)
    return (
      <section className="employer-frame">
        <PageHeading>This invitation link is not complete</PageHeading>
        <p>Open the link in the invitation email again. If you copied it, copy all of it into your browser’s address bar.</p>
      </section>
    );
  if (accept.isSuccess)
    return (
      <section className="employer-frame">
        <PageHeading>Invitation accepted</PageHeading>
        <p>You are now an admin of {accept.data.employer.name}. Sign in again to set up your authenticator app.</p>
        <p>The employer console asks for the code from your authenticator app each time you sign in.</p>
        <button type="button" className="ui-button ui-button--primary" onClick={() => signOut()}>
          Sign in again
        </button>
      </section>
    );
  if (accept.isError)
    return (
      <section className="employer-frame">
        <PageHeading>We could not accept this invitation</PageHeading>
        <p>{consoleErrorMessage(accept.error)}</p>
      </section>
    );
  return <Spinner label="Accepting your invitation…" />;
}
