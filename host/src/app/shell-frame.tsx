// The frame of the signed-in state: the shell, inside the portal's QueryClient (the client data
// layer). A chunk of its own, so the signed-out landing page downloads neither TanStack Query nor the
// shell, and Home does not download the sign-up frame.
import { PortalQueryProvider } from '@portal/shared/react/query-client';
import { Shell } from '../shell/Shell';

export default function ShellFrame() {
  return (
    <PortalQueryProvider>
      <Shell />
    </PortalQueryProvider>
  );
}
