/* global document, window */
// The host page's one script of its own (issue 17): it decides, before anything else downloads,
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

  /** The access token's expiry cookie, in milliseconds (0 when absent). */
  function readExpiry(cookieName) {
    var pair = ('; ' + document.cookie).split('; ' + cookieName + '=')[1];
    return pair ? Number(pair.split(';')[0]) * 1000 : 0;
  }

  /**
   * The remote serving the first route of a signed-in visit: the key of config.json's `remotes` for the
   * first pattern of `routes` ('/payslips/:id=pay', the host's signed-in routes listed by the build)
   * matching `pathname` as the app's router does (case aside, a trailing slash aside), or null.
   * @param {string[]} routes
   * @param {string} pathname
   * @returns {string | null}
   */
  function firstRemoteKey(routes, pathname) {
    var segments = (pathname.replace(/\/+$/, '') || '/').toLowerCase().split('/');
    for (var i = 0; i < routes.length; i++) {
      var pair = routes[i].split('=');
      var pattern = pair[0].toLowerCase().split('/');
      var matches =
        pair.length === 2 &&
        pattern.length === segments.length &&
        pattern.every(function (part, j) {
          return part.charAt(0) === ':' ? segments[j] !== '' : part === segments[j];
        });
      if (matches) return pair[1];
    }
    return null;
  }

  /**
   * Downloads the first route's remote entry beside the app's scripts, as soon as config.json (which
   * names it) arrives: a script preload the federation runtime's own `<script>` (no crossorigin) takes.
   * An older config naming the remote's manifest is left to the app.
   */
  function preloadRemoteEntry(config, key) {
    config
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (body) {
        var entry = body && body.remotes && body.remotes[key];
        if (typeof entry !== 'string' || entry === '' || /\.json($|[?#])/.test(entry)) return;
        var link = document.createElement('link');
        link.setAttribute('rel', 'preload');
        link.setAttribute('as', 'script');
        link.setAttribute('href', entry);
        document.head.appendChild(link);
      })
      .catch(function () {});
  }

  /**
   * Starts the app's fetches (the runtime config: one request, handed to the app's loadRuntimeConfig
   * through `window.portalBootFetches`, the one thing this script leaves on the page) and, for a signed-in
   * visit, the first route's remote entry; then adds its entry scripts (deferred scripts in the build's
   * HTML): async off keeps their order, as defer did.
   * @param {HTMLElement} tag this script's tag
   * @param {string | null} remoteKey
   */
  function loadApp(tag, remoteKey) {
    var fetches = {};
    list(tag.dataset.appPreloads).forEach(function (href) {
      if (href) fetches[href] = fetch(href);
    });
    window.portalBootFetches = fetches;
    var config = fetches[tag.dataset.runtimeConfig];
    // A copy of the response, taken before the app can read it.
    if (remoteKey && config) {
      preloadRemoteEntry(
        config.then(function (response) {
          return response.clone();
        }),
        remoteKey,
      );
    }
    list(tag.dataset.appScripts).forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
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
    var tag = document.querySelector('script[data-app-scripts]');
    // Signed in, the first route is a signed-in one: its remote is known from the address alone.
    loadApp(tag, signedIn ? firstRemoteKey(list(tag.dataset.remoteRoutes), location.pathname) : null);
  }

  // Jest requires this file to test it; the browser runs it.
  if (typeof module === 'object' && module.exports) module.exports = { decideBoot: decideBoot, firstRemoteKey: firstRemoteKey, boot: boot };
  else boot();
})();
