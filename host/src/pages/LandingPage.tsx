import { useFusionAuth } from '@fusionauth/react-sdk';
import { LandingContent } from './LandingContent';

/** The signed-out landing page at / and /home. */
export function LandingPage() {
  const { startLogin, startRegister } = useFusionAuth();
  return <LandingContent onSignIn={() => startLogin()} onCreateAccount={() => startRegister()} />;
}
