// The landing page as HTML, rendered when the host is built (tools/rspack/static-landing.mjs) and put
// into index.html, so a signed-out visitor sees it before any script of the portal has loaded
// (issue 17: its LCP does not wait for the JS). It starts hidden; reveal.js, the one script that runs
// before the bundles, shows it when nobody is signed in on this browser and the address is the
// landing page's. The app's first render then replaces it with the same markup.
import { renderToStaticMarkup } from 'react-dom/server';
import { ACCESS_TOKEN_EXPIRY_COOKIE } from '@portal/shared/constants';
import { paths } from '@portal/shared/paths';
import { LandingContent } from '../pages/LandingContent';
import type { LandingSupport } from '../pages/LandingContent';

export const STATIC_LANDING_ID = 'static-landing';

/** The addresses where a signed-out visitor gets the landing page (host/src/app/routes.tsx). */
export const STATIC_LANDING_PATHS = [paths.landing.path, paths.homeAlias.path];

/**
 * Where the landing page's buttons go, in their order, until the app has replaced the static page:
 * the login trigger screens, which start sign-in or registration once the app runs.
 */
export const STATIC_LANDING_ACTIONS = [paths.login.path, paths.signUp.path];

/** `support`: the contact the build writes into config.json (the app shows the served one once it runs). */
export function staticLandingMarkup(support: LandingSupport): string {
  return renderToStaticMarkup(
    <div
      id={STATIC_LANDING_ID}
      hidden
      data-session-cookie={ACCESS_TOKEN_EXPIRY_COOKIE}
      data-paths={STATIC_LANDING_PATHS.join(' ')}
      data-actions={STATIC_LANDING_ACTIONS.join(' ')}
    >
      <LandingContent support={support} />
    </div>,
  );
}
