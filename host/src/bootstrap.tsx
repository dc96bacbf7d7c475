// Boot order: save the token parameter, fetch /config.json (taking boot.js's fetch of it), register the
// remotes it names, start what a signed-in first page needs, render.
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@portal/shared/runtime-config';
import { App } from './app/App';
import { startSignedInFrames } from './app/SignedInFrame';
import { registerServiceWorker } from './offline/register-service-worker';
import { registerPortalRemotes } from './remotes/register-remotes';
import { startFirstPage } from './remotes/start-first-page';
import { startAuthorisedUser } from './session/early-authorised-user';
import { readAccessTokenExpiry } from './session/refresh-race';
import { saveTokenParam } from './session/token-param';

async function boot(container: HTMLElement) {
  saveTokenParam();
  registerServiceWorker();
  try {
    const config = await loadRuntimeConfig();
    registerPortalRemotes(config);
    // Signed in (the sign-in client's own test: the expiry cookie), what the first signed-in page
    // needs starts now, beside the sign-in client's user info: the page's remote, the authorised
    // user, the page's first data and the shell's chunks (issue 17: one round trip for data, not a chain).
    if ((readAccessTokenExpiry() ?? 0) * 1000 > Date.now()) {
      startFirstPage(window.location.pathname);
      startAuthorisedUser();
      startSignedInFrames();
    }
    createRoot(container).render(<App config={config} />);
  } catch (error) {
    console.error('The portal could not start.', error);
    container.innerHTML =
      '<main id="main" class="host-error"><h1>The portal could not start</h1><p>Please reload the page. If this keeps happening, try again later.</p></main>';
  }
}

const container = document.getElementById('root');
if (container) void boot(container);
