// The frames of the two signed-in states, each inside the portal's QueryClient (the client data
// layer). Loaded with the signed-in routes, so the signed-out landing page downloads neither
// TanStack Query nor the shell.
import { PortalQueryProvider } from '@portal/shared/react/query-client';
import { SignUpLayout } from '../session/SignUpLayout';
import { Shell } from '../shell/Shell';

export function ShellFrame() {
  return (
    <PortalQueryProvider>
      <Shell />
    </PortalQueryProvider>
  );
}

export function SignUpFrame() {
  return (
    <PortalQueryProvider>
      <SignUpLayout />
    </PortalQueryProvider>
  );
}
