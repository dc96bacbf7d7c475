/* global document, window */
// The host page's one script of its own: it decides, before anything else downloads,
// whether this visit needs the app at all. A signed-out visitor at the landing page gets the page
// the build rendered into index.html (static-landing.tsx) and nothing more; any other visit loads
// the app's entry scripts, which the build took out of the HTML and listed on this script's tag
// (tools/rspack/static-landing.mjs). It is a file, not inline, because the page's policy allows no
// inline script, and it runs right after the landing markup so the page shows with the HTML.

// One function scope: nothing of this script becomes a global of the page.
(function () {
  var location = window.location;

  /**
   * What this page load needs (a pure function: static-landing.test.tsx has a case per rule).
   * @param {{ signedIn: boolean, pathname: string, search: string, online: boolean | undefined,
   *   landingPaths: string[], appParams: string[] }} visit
   * @returns {{ showLanding: boolean, loadApp: boolean }}
   */
  function decideBoot(visit) {
    // The app alone: signed in (the sign-in client's own test: the expiry cookie); at another
    // address, which the app routes (a login trigger, a redirect home keeping the token); offline,
    // where the app shows what it kept, even past the token's expiry.
    var appOnly = visit.signedIn || !visit.landingPaths.includes(visit.pathname) || visit.online === false;
    // A parameter the app must handle (the invite token, the sign-in return): the page shows at once
    // and the app loads to do it, then draws the same page.
    var query = new URLSearchParams(visit.search);
    var needsApp = visit.appParams.some(function (name) {
      return query.has(name);
    });
    return { showLanding: !appOnly, loadApp: appOnly || needsApp };
  }

  /** A space-separated list in a data attribute. */
  function list(value) {
    return (value || '').split(' ');
  }

  /** The access token's expiry cookie, in milliseconds: the number its value starts with (NaN when absent, later than no time). */
  function readExpiry(cookieName) {
    return parseFloat(('; ' + document.cookie).split('; ' + cookieName + '=')[1]) * 1000;
  }

  /** Adds a `name` element with these properties to <head>. */
  function add(name, properties) {
    document.head.appendChild(Object.assign(document.createElement(name), properties));
  }

  /**
   * The key of the remote whose page list names `pathname`: a fixed path it serves, as its links write it.
   * Only a hint for a preload (the app routes, ignoring case), so the list is searched as text.
   */
  function remoteServing(pages, pathname) {
    for (var key in pages) if (JSON.stringify(pages[key]).includes('"' + pathname + '"')) return key;
  }

  /**
   * Fetches the runtime config (the build lists its address when the app needs it: one request, handed to
   * the app's loadRuntimeConfig through `window.portalBootFetches`, the one thing this script leaves on
   * the page), then adds the app's entry scripts (deferred scripts in the build's HTML): async off keeps
   * their order, as defer did. Signed in, the remote whose page list (in the config) serves the address
   * has its entry downloaded beside the app's scripts as soon as config.json arrives: a script preload
   * the federation runtime's own `<script>` (no crossorigin) then takes.
   * @param {HTMLElement} tag this script's tag
   * @param {boolean} signedIn
   */
  function loadApp(tag, signedIn) {
    var href = tag.dataset.runtimeConfig;
    var config = href && ((window.portalBootFetches = {})[href] = fetch(href));
    if (signedIn && config) {
      config
        .then(function (response) {
          // A copy, read before the app can read the response.
          return response.clone().json();
        })
        .then(function (body) {
          var entry = body.remotes[remoteServing(body.pages, location.pathname)];
          // An older config names the remote's manifest: the app reads the entry beside it.
          if (/\.js\b/.test(entry)) add('link', { rel: 'preload', as: 'script', href: entry });
        })
        .catch(function () {});
    }
    list(tag.dataset.appScripts).forEach(function (src) {
      add('script', { src: src, async: false });
    });
  }

  /** Shows the built landing page: its buttons go to the login trigger screens, keeping the query. */
  function showLanding(landing) {
    var actions = list(landing.dataset.actions);
    landing.querySelectorAll('button').forEach(function (button, i) {
      button.addEventListener('click', location.assign.bind(location, actions[i] + location.search));
    });
    landing.hidden = false;
  }

  /** The build puts this script right after the landing page's markup (tools/rspack/static-landing.mjs). */
  function boot() {
    var landing = document.getElementById('static-landing');
    var signedIn = readExpiry(landing.dataset.sessionCookie) > Date.now();
    var decision = decideBoot({
      signedIn: signedIn,
      pathname: location.pathname,
      search: location.search,
      online: navigator.onLine,
      landingPaths: list(landing.dataset.paths),
      appParams: list(landing.dataset.appParams),
    });
    if (decision.showLanding) showLanding(landing);
    if (!decision.loadApp) return;
    loadApp(document.querySelector('script[data-app-scripts]'), signedIn);
  }

  // Jest requires this file to test it; the browser runs it.
  if (typeof module == 'object') module.exports = { decideBoot: decideBoot, boot: boot };
  else boot();
})();
