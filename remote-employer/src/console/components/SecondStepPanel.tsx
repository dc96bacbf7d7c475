// The console needs a session that passed its second step (the authenticator app). Signing in again
// is the way to it: the host signs the user out, and the sign-in asks for the app's code.
import { useId } from 'react';
import { signOut } from '@portal/shared/contract';

export function SecondStepPanel() {
  const headingId = useId();
  return (
    <section className="employer-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Sign in again with your authenticator app</h2>
      <p>To keep your employees’ records safe, the employer console needs the code from your authenticator app as well as your password.</p>
      <p>Sign in again, and enter the code your authenticator app shows when asked. If you have not set one up yet, you will be asked to set it up.</p>
      <button type="button" className="ui-button ui-button--primary" onClick={() => signOut()}>
        Sign in again
      </button>
    </section>
  );
}
