import { FusionAuthProvider } from '@fusionauth/react-sdk';
import type { RuntimeConfig } from '@portal/shared/runtime-config';
import { PortalRouter } from './PortalRouter';
import { sdkConfigFor } from './sdk-config';

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <FusionAuthProvider {...sdkConfigFor(config)}>
      <PortalRouter />
    </FusionAuthProvider>
  );
}
