// 'Show password' on the sign-in service's password fields. The pages allow no inline script, so
// the toggle is one small file served by the API; each page that uses it allows exactly that file
// by its SHA-256 (CSP3 hash of an external script, checked against the tag's integrity attribute).
// Without the script (an old browser, script blocked) the button stays hidden and the field works.
import crypto from 'node:crypto';

export const SHOW_PASSWORD_PATH = '/account/show-password.js';

/**
 * The button's name stays 'Show password' (a toggle button says its state with aria-pressed, not by
 * renaming itself); a polite status says what changed, in the page's words (the button's data-shown
 * and data-hidden). The password is hidden again before the
 * form is sent, so a browser never keeps it as plain text (back button, password managers).
 */
export const SHOW_PASSWORD_SCRIPT = `(function () {
  'use strict';
  var buttons = document.querySelectorAll('button[data-show-password]');
  Array.prototype.forEach.call(buttons, function (button) {
    var input = document.getElementById(button.getAttribute('aria-controls'));
    var status = document.getElementById(button.getAttribute('data-status'));
    if (!input) return;
    function show(visible) {
      input.type = visible ? 'text' : 'password';
      button.setAttribute('aria-pressed', visible ? 'true' : 'false');
      if (status) status.textContent = button.getAttribute(visible ? 'data-shown' : 'data-hidden');
    }
    button.addEventListener('click', function () {
      show(input.type === 'password');
    });
    if (input.form) input.form.addEventListener('submit', function () {
      if (input.type !== 'password') show(false);
    });
    window.addEventListener('pageshow', function () {
      input.type = 'password';
      button.setAttribute('aria-pressed', 'false');
    });
    button.hidden = false;
  });
})();
`;

/** 'sha256-…' of the script: the integrity attribute and the CSP source. */
export const SHOW_PASSWORD_HASH = `sha256-${crypto.createHash('sha256').update(SHOW_PASSWORD_SCRIPT).digest('base64')}`;

/** The page marks a toggle with this attribute; the layout then loads the script, and the page's CSP allows it. */
export const SHOW_PASSWORD_MARKER = 'data-show-password';

export const showPasswordScriptTag = `<script src="${SHOW_PASSWORD_PATH}" integrity="${SHOW_PASSWORD_HASH}" defer></script>`;

export function usesShowPassword(html: string): boolean {
  return html.includes(SHOW_PASSWORD_MARKER);
}
