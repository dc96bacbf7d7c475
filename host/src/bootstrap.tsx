// Boot order: save the token parameter, fetch /config.json (taking boot.js's fetch of it), register the
// remotes it names, start what a signed-in first page needs, render.
//
// In steps, each a task of its own (less blocking time on Home): Lighthouse counts every task
// over 50 ms (at 4x CPU) as blocking, and evaluating the host's modules was one long task with the
// main script's. Each step's modules are imported here eagerly (in main's chunk, no request) and
// evaluated only when the step runs: the signed-in first page's remote and the shell's chunk first,
// then the API client (axios) with the first requests for data, then the sign-in client and the app,
// whose first render is time-sliced (a transition: React yields every 5 ms).
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLanguage, chooseLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { loadRuntimeConfig } from '@portal/shared/runtime-config';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { startSignedInFrame } from './app/SignedInFrame';
import { frame } from './messages';
import { registerServiceWorker } from './offline/register-service-worker';
import { registerPortalRemotes } from './remotes/register-remotes';
import { readAccessTokenExpiry } from './session/refresh-race';
import { saveTokenParam } from './session/token-param';

/** Ends the current task: what follows runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(container: HTMLElement) {
  saveTokenParam();
  registerServiceWorker();
  try {
    const config = await loadRuntimeConfig();
    registerPortalRemotes(config);
    // The page's language, before anything renders: Welsh only where the config offers it.
    const language = activateLanguage(config.languages.includes('cy') ? chooseLanguage(document.cookie, navigator.languages) : 'en');
    // Its texts and its month names (a browser without Welsh in its Intl loads them), before the first render.
    const frameTexts = Promise.all([language, frame.load(), sharedTexts.load()]);
    // Signed in (the sign-in client's own test: the expiry cookie), what the first signed-in page
    // needs starts now, beside the sign-in client's user info: the shell's chunks, the page's remote,
    // the authorised user and the page's first data (one round trip for data, not a chain).
    let firstPageReady: Promise<void> | undefined;
    if ((readAccessTokenExpiry() ?? 0) * 1000 > Date.now()) {
      // The frame of the state the router will show: the sign-up store is kept on the device.
      startSignedInFrame(useSignUpStore.getState().isSignedUp ? 'ShellFrame' : 'SignUpFrame');
      const { startFirstPage } = await import(/* webpackMode: "eager" */ './remotes/start-first-page');
      const firstPage = startFirstPage(window.location.pathname);
      await nextTask();
      const [{ startAuthorisedUser }, { startFirstScreenData }] = await Promise.all([
        import(/* webpackMode: "eager" */ './session/early-authorised-user'),
        import(/* webpackMode: "eager" */ './remotes/first-screen-data'),
      ]);
      startAuthorisedUser();
      startFirstScreenData(firstPage.firstScreen);
    } else {
      const { startSignedOutFirstPage } = await import(/* webpackMode: "eager" */ './remotes/start-first-page');
      // Signed out: the landing page boot.js showed stays until its chunk is here (start-first-page.ts).
      firstPageReady = startSignedOutFirstPage(window.location.pathname);
    }
    await nextTask();
    const { App } = await import(/* webpackMode: "eager" */ './app/App');
    await nextTask();
    await Promise.all([firstPageReady, frameTexts]);
    const root = createRoot(container);
    startTransition(() => root.render(<App config={config} />));
  } catch (error) {
    console.error('The portal could not start.', error);
    container.innerHTML =
      '<main id="main" class="host-error"><h1>The portal could not start</h1><p>Please reload the page. If this keeps happening, try again later.</p></main>';
  }
}

const container = document.getElementById('root');
if (container) void boot(container);
