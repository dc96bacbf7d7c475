// 'Sign in with a passkey' on the sign-in service's pages. The pages allow no inline script, so the
// button's script is one file served by the API: @simplewebauthn/browser's bundle, then the few
// lines that use it; each page that has the button allows exactly that file by its SHA-256 (as the
// 'Show password' script is allowed, http/show-password.ts), and may fetch from its own origin.
// The section with the button stays hidden unless the browser supports WebAuthn: without the
// script, or in a browser without passkeys, the page is the page it was.
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const PASSKEY_SCRIPT_PATH = '/account/passkey.js';

/** The library's browser bundle (UMD: it defines `SimpleWebAuthnBrowser`), read once at start. */
const LIBRARY = readFileSync(path.join(path.dirname(require.resolve('@simplewebauthn/browser')), '..', 'dist', 'bundle', 'index.umd.min.js'), 'utf8');

/**
 * A section marked `data-passkey-options="<url>"` holds a form, a button marked `data-passkey-start`
 * and a status line marked `data-passkey-status`. The button asks the url for the options (a POST,
 * whose challenge the server keeps), hands them to the browser's passkey prompt, and posts the
 * answer in the form's `credential` field; the server then signs in as the form would.
 */
const PAGE_SCRIPT = `(function () {
  'use strict';
  var lib = window.SimpleWebAuthnBrowser;
  if (!lib || !lib.browserSupportsWebAuthn()) return;
  var sections = document.querySelectorAll('[data-passkey-options]');
  Array.prototype.forEach.call(sections, function (section) {
    var form = section.querySelector('form');
    var button = section.querySelector('[data-passkey-start]');
    var status = section.querySelector('[data-passkey-status]');
    if (!form || !button) return;
    var field = document.createElement('input');
    field.type = 'hidden';
    field.name = 'credential';
    form.appendChild(field);
    var busy = false;
    function say(text) {
      if (status) status.textContent = text;
    }
    function done(text) {
      busy = false;
      button.removeAttribute('aria-disabled');
      say(text);
    }
    button.addEventListener('click', function () {
      if (busy) return;
      busy = true;
      button.setAttribute('aria-disabled', 'true');
      say(section.getAttribute('data-say-follow'));
      fetch(section.getAttribute('data-passkey-options'), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}'
      })
        .then(function (response) {
          return response.json().then(function (body) {
            if (!response.ok) throw { message: (body && body.error) || section.getAttribute('data-say-reload') };
            return body;
          });
        })
        .then(function (options) {
          return lib.startAuthentication({ optionsJSON: options });
        })
        .then(function (credential) {
          field.value = JSON.stringify(credential);
          say(section.getAttribute('data-say-signing-in'));
          form.submit();
        })
        .catch(function (error) {
          if (error && error.name === 'NotAllowedError') return done(section.getAttribute('data-say-none'));
          if (error && !error.name && error.message) return done(error.message);
          done(section.getAttribute('data-say-failed'));
        });
    });
    section.hidden = false;
  });
})();
`;

export const PASSKEY_SCRIPT = `${LIBRARY.trim()}\n${PAGE_SCRIPT}`;

/** 'sha256-…' of the file: the integrity attribute and the CSP source. */
export const PASSKEY_SCRIPT_HASH = `sha256-${crypto.createHash('sha256').update(PASSKEY_SCRIPT).digest('base64')}`;

/** A page marks its passkey section with this attribute; the layout then loads the script, and the page's CSP allows it. */
export const PASSKEY_MARKER = 'data-passkey-options';

export const passkeyScriptTag = `<script src="${PASSKEY_SCRIPT_PATH}" integrity="${PASSKEY_SCRIPT_HASH}" defer></script>`;

export function usesPasskeys(html: string): boolean {
  return html.includes(PASSKEY_MARKER);
}
