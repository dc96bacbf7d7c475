import { useEffect, useRef } from 'react';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { InvitationNotice } from './InvitationNotice';
import { LANDING_HELP_ID, LandingContent } from './LandingContent';

/**
 * Arriving at /#help when the app draws the page (the invite link, offline; the page in index.html
 * needs no script for it): the heading did not exist when the browser looked for it, so it is
 * brought into view and focused, for screen readers, once rendered.
 */
function useShowHelpOnArrival() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (window.location.hash !== `#${LANDING_HELP_ID}`) return;
    headingRef.current?.scrollIntoView?.();
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return headingRef;
}

/** The signed-out landing page at / and /home. */
export function LandingPage() {
  const { startLogin, startRegister } = useFusionAuth();
  const helpHeadingRef = useShowHelpOnArrival();
  return (
    <LandingContent
      support={getRuntimeConfig().support}
      onSignIn={() => startLogin()}
      onCreateAccount={() => startRegister()}
      helpHeadingRef={helpHeadingRef}
      invitation={<InvitationNotice />}
    />
  );
}
