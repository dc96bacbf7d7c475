// The account's security in Settings: two-step sign-in, where the account is signed in, and its
// recent sign-ins, each its own part with its own heading.
import { TwoStepSettings } from '../two-step/TwoStepSettings';
import { SessionsSettings } from '../sessions/SessionsSettings';
import { SignInHistory } from '../sign-ins/SignInHistory';
import './security.css';

export function SecuritySettings() {
  return (
    <div className="profile-security">
      <TwoStepSettings />
      <SessionsSettings />
      <SignInHistory />
    </div>
  );
}
