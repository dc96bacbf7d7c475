// The frame of the signed-in, sign-up-not-complete state: the sign-up layout inside the portal's
// QueryClient. A chunk of its own, so a visit to Home does not download it.
import { PortalQueryProvider } from '@portal/shared/react/query-client';
import { SignUpLayout } from '../session/SignUpLayout';

export default function SignUpFrame() {
  return (
    <PortalQueryProvider>
      <SignUpLayout />
    </PortalQueryProvider>
  );
}
