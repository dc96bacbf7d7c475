import { useEffect, useRef } from 'react';
import { useFusionAuth } from '@fusionauth/react-sdk';

/**
 * The login trigger screen (spec section 2): starts sign-in (or registration) at once unless
 * user info is still being fetched, and otherwise shows a blank page.
 */
export function LoginTriggerPage({ action }: { action: 'login' | 'register' }) {
  const { isFetchingUserInfo, startLogin, startRegister } = useFusionAuth();
  const started = useRef(false);
  useEffect(() => {
    if (isFetchingUserInfo || started.current) return;
    started.current = true;
    if (action === 'login') startLogin();
    else startRegister();
  }, [action, isFetchingUserInfo, startLogin, startRegister]);
  return null;
}
