// The landing page as HTML, rendered when the host is built (tools/rspack/static-landing.mjs) and put
// into index.html, so a signed-out visitor sees it without any script of the portal (its
// LCP and its JS are the HTML's alone). It starts hidden; boot.js, the page's one script of its own,
// shows it when nobody is signed in on this browser and the address is the landing page's, and loads
// the app only when the visit needs it (boot.js decideBoot).
import { renderToStaticMarkup } from 'react-dom/server';
import { ACCESS_TOKEN_EXPIRY_COOKIE } from '@portal/shared/constants';
import { paths } from '@portal/shared/paths';
import { LandingContent } from '../pages/LandingContent';
import type { LandingSupport } from '../pages/LandingContent';
import { TOKEN_PARAM } from '../session/token-param';

export const STATIC_LANDING_ID = 'static-landing';

/** The addresses where a signed-out visitor gets the landing page (host/src/app/routes.tsx). */
export const STATIC_LANDING_PATHS = [paths.landing.path, paths.homeAlias.path];

/**
 * Where the landing page's buttons go, in their order: the login trigger screens, full page loads
 * that load the app, which starts sign-in or registration.
 */
export const STATIC_LANDING_ACTIONS = [paths.login.path, paths.signUp.path];

/**
 * Query parameters only the app can handle, so the landing page loads it when one is there: the
 * invite token (session/token-param.ts) and the sign-in client's return (`code`, `state`).
 */
export const APP_QUERY_PARAMS = [TOKEN_PARAM, 'code', 'state'];

/** `support`: the contact the build writes into config.json (the app shows the served one once it runs). */
export function staticLandingMarkup(support: LandingSupport): string {
  return renderToStaticMarkup(
    <div
      id={STATIC_LANDING_ID}
      hidden
      data-session-cookie={ACCESS_TOKEN_EXPIRY_COOKIE}
      data-paths={STATIC_LANDING_PATHS.join(' ')}
      data-actions={STATIC_LANDING_ACTIONS.join(' ')}
      data-app-params={APP_QUERY_PARAMS.join(' ')}
    >
      <LandingContent support={support} />
    </div>,
  );
}
