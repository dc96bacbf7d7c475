/* global document, window */
// Shows the landing page that the build rendered into index.html (static-landing.tsx) when nobody is
// signed in on this browser and the address is one of the landing page's. It runs before the bundles,
// as a script of its own (the page's policy allows no inline script), and reads what the sign-in client
// reads: the access token's expiry cookie, in seconds. Until the app replaces the page, its buttons
// go to the login trigger screens (data-actions, in the buttons' order), keeping the address's query.
(function revealStaticLanding() {
  var landing = document.getElementById('static-landing');
  if (!landing) return;
  var paths = (landing.getAttribute('data-paths') || '').split(' ');
  var cookieName = landing.getAttribute('data-session-cookie');
  var expiry = 0;
  document.cookie.split('; ').forEach(function (pair) {
    var equals = pair.indexOf('=');
    if (pair.slice(0, equals) === cookieName) expiry = Number(pair.slice(equals + 1)) * 1000;
  });
  var signedIn = expiry > Date.now();
  if (signedIn || paths.indexOf(window.location.pathname) === -1) return;
  var actions = (landing.getAttribute('data-actions') || '').split(' ');
  var buttons = landing.querySelectorAll('button');
  for (var i = 0; i < buttons.length && i < actions.length; i += 1) {
    buttons[i].addEventListener('click', window.location.assign.bind(window.location, actions[i] + window.location.search));
  }
  landing.hidden = false;
})();
