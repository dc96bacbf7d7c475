/* global document, window, navigator, module, URLSearchParams */
// The host page's one script of its own (issue 17): it decides, before anything else downloads,
// whether this visit needs the app at all. A signed-out visitor at the landing page gets the page
// the build rendered into index.html (static-landing.tsx) and nothing more; any other visit loads
// the app's entry scripts, which the build took out of the HTML and listed on this script's tag
// (tools/rspack/static-landing.mjs). It is a file, not inline, because the page's policy allows no
// inline script, and it runs right after the landing markup so the page shows with the HTML.

/**
 * What this page load needs (a pure function: static-landing.test.tsx has a case per rule).
 * @param {{ signedIn: boolean, pathname: string, search: string, online: boolean | undefined,
 *   landingPaths: string[], appParams: string[] }} visit
 * @returns {{ showLanding: boolean, loadApp: boolean }}
 */
function decideBoot(visit) {
  // Signed in (the sign-in client's own test: the expiry cookie): the app's pages.
  if (visit.signedIn) return { showLanding: false, loadApp: true };
  // Another address: the app routes it (a login trigger, a redirect home keeping the token).
  if (visit.landingPaths.indexOf(visit.pathname) === -1) return { showLanding: false, loadApp: true };
  // Offline the app decides what to show: it keeps what the user saw, even past the token's expiry.
  if (visit.online === false) return { showLanding: false, loadApp: true };
  // A parameter the app must handle (the invite token, the sign-in return): the page shows at once
  // and the app loads to do it, then draws the same page.
  var query = new URLSearchParams(visit.search);
  var needsApp = visit.appParams.some(function (name) {
    return query.has(name);
  });
  return { showLanding: true, loadApp: needsApp };
}

/** The access token's expiry cookie, in milliseconds (0 when absent). */
function readExpiry(cookieName) {
  var expiry = 0;
  document.cookie.split('; ').forEach(function (pair) {
    var equals = pair.indexOf('=');
    if (pair.slice(0, equals) === cookieName) expiry = Number(pair.slice(equals + 1)) * 1000;
  });
  return expiry;
}

/** Adds the app's entry scripts as the build would have; async off keeps their order, as defer did. */
function loadApp() {
  var tag = document.querySelector('script[data-app-scripts]');
  var scripts = tag ? JSON.parse(tag.getAttribute('data-app-scripts')) : [];
  scripts.forEach(function (attributes) {
    var script = document.createElement('script');
    Object.keys(attributes).forEach(function (name) {
      var value = attributes[name];
      if (value === false || value === null || value === undefined) return;
      script.setAttribute(name, value === true ? '' : String(value));
    });
    script.async = false;
    document.head.appendChild(script);
  });
}

/** Shows the built landing page: its buttons go to the login trigger screens, keeping the query. */
function showLanding(landing) {
  var actions = (landing.getAttribute('data-actions') || '').split(' ');
  var buttons = landing.querySelectorAll('button');
  for (var i = 0; i < buttons.length && i < actions.length; i += 1) {
    buttons[i].addEventListener('click', window.location.assign.bind(window.location, actions[i] + window.location.search));
  }
  landing.hidden = false;
  // Arriving at /#help (the sign-in pages' help link): its heading takes focus, for screen readers.
  var help = window.location.hash && document.getElementById(window.location.hash.slice(1));
  var heading = help && help.getAttribute('id') === landing.getAttribute('data-help-id') && help.querySelector('[tabindex="-1"]');
  if (heading) heading.focus();
}

function boot() {
  var landing = document.getElementById('static-landing');
  var decision = landing
    ? decideBoot({
        signedIn: readExpiry(landing.getAttribute('data-session-cookie')) > Date.now(),
        pathname: window.location.pathname,
        search: window.location.search,
        online: navigator.onLine,
        landingPaths: (landing.getAttribute('data-paths') || '').split(' '),
        appParams: (landing.getAttribute('data-app-params') || '').split(' '),
      })
    : { showLanding: false, loadApp: true };
  if (decision.showLanding) showLanding(landing);
  if (decision.loadApp) loadApp();
}

// Jest requires this file to test it; the browser runs it.
if (typeof module === 'object' && module.exports) module.exports = { decideBoot: decideBoot, boot: boot };
else boot();
